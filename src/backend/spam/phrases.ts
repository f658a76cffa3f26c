/**
 * Phrases of unsolicited pitches in English and Turkish, matched on folded text (text.ts: lower
 * case, Turkish letters as ASCII). Each names a habit of a pitch, not a topic: an inquiry may well
 * be about SEO or a loan system ('SEO desteği arıyoruz'), a pitch offers it to us ('we offer SEO').
 */
export interface Phrase {
  id: string
  pattern: RegExp
  weight: number
}

export const PITCH_PHRASES: readonly Phrase[] = [
  // The opening of nearly every written-by-the-dozen pitch.
  {
    id: 'came_across_site',
    pattern:
      /\b(i|we) (just )?(came across|stumbled (up)?on|found|noticed|visited|was (checking|looking at|browsing|reviewing|on)|were (checking|reviewing|looking at)|have (reviewed|analy[sz]ed|checked|audited)|took a (quick )?look at|was impressed by) (your|ur) (website|site|web ?page|online presence|business|company|page)/,
    weight: 2,
  },
  {
    id: 'came_across_site_tr',
    pattern:
      /\b(web ?sitenizi|sitenizi|internet sitenizi|web sayfanizi|websitenizi) (inceledim|inceledik|gordum|gorduk|ziyaret ettim|ziyaret ettik|analiz ettim|analiz ettik|kontrol ettim|incelerken)/,
    weight: 2,
  },
  {
    id: 'ranking_offer',
    pattern:
      /\b(first page|1st page|page one|top (of|on) google|top rankings?|rank(ing)? (higher|#?1|number one|on google|on the first)|google'?(da|de)? (ilk sayfa|ilk sira|ust sira)|ilk sayfay?a (cik|tas)|organic traffic|more traffic|boost (your )?(traffic|ranking|visibility|sales|revenue)|domain authority|\bda\b ?\d{2}|backlinks?|guest posts?|link building|do-?follow)\b/,
    weight: 2,
  },
  {
    id: 'we_offer',
    pattern:
      /\b(we offer|we provide|we specialize in|we specialise in|our (agency|team|company|firm) (offers|provides|specializes|can)|i (offer|provide|specialize in)|i am an? (expert|freelance|professional|seo|web|digital|virtual|app)|i'?m an? (expert|freelance|professional|seo|web|digital|virtual|app)|hizmet(ler)?i sunuyoruz|hizmeti veriyoruz|hizmet vermekteyiz|olarak hizmetinizdeyiz|ajansimiz|uzman ekibimizle)\b/,
    weight: 1.5,
  },
  {
    id: 'interest_ask',
    pattern:
      /\b(are you interested|would you be interested|if (you are|you're|you'?d be) interested|let me know if (you|you're|you are) interested|interested\?|shall i send|can i send (you )?(a |the )?(proposal|quote|details|price|samples?)|reply (with )?["'“]?(yes|interested|ok)|just reply|reply to this (e-?mail|message)|ilgilenirseniz|ilgileniyorsaniz|ilgilenir misiniz|donus yapmaniz yeterli|evet yazmaniz yeterli)\b/,
    weight: 1.5,
  },
  {
    id: 'price_pitch',
    pattern:
      /(\$|usd|€|eur|£)\s?\d+|\d+\s?(\$|usd|dolar|€|euro)\b|\b(affordable (price|rate|cost)|low cost|cheap(est)? price|best price|special (discount|offer|price)|limited (time|offer|spots)|discount of \d|% ?off\b|free (audit|trial|consultation|quote|report|analysis|mockup|demo)|ucretsiz (analiz|rapor|deneme|demo|seo)|indirimli fiyat|kampanyali fiyat|uygun fiyat(li|lar)?la)/,
    weight: 1,
  },
  {
    id: 'web_design_offer',
    pattern:
      /\b(redesign (your|ur) (website|site)|(website|site) (redesign|is outdated|looks outdated|needs? (a|an) (update|upgrade|redesign)|is not mobile|is not optimi[sz]ed|has (some )?(errors|issues))|(mobile|seo)[- ]friendly (website|site)|web ?sitenizi (yeniliyoruz|yenileyelim|yenilemek ister)|siteniz(de)? (hatalar|eksikler|sorunlar|mobil uyumlu degil))\b/,
    weight: 2,
  },
  {
    id: 'money_scheme',
    pattern:
      /\b(bitcoin|btc|crypto(currency)?|kripto|ethereum|usdt|forex|binary options?|trading (bot|signals?|platform)|invest(ment)? (opportunity|plan)|guaranteed (return|profit|income)|passive income|earn \$?\d|make money|double your|yatirim firsati|garantili (kazanc|getiri)|pasif gelir|gunluk kazanc|casino|bahis|bet(ting)? (site|bonus)|deneme bonusu|slot|jackpot|lottery|lotto|winner|inheritance|beneficiary|next of kin|wire transfer|western union)\b/,
    weight: 2.5,
  },
  {
    id: 'loan_offer',
    pattern:
      /\b(loan (offer|approval|approved)|business loans?|quick loans?|personal loans?|fast (cash|funding|approval)|credit repair|bad credit|approved (within|in) \d|merchant cash advance|working capital (loan|funding)|hizli kredi|kredi (firsati|teklifi|onay)|faizsiz kredi|kefilsiz kredi|nakit ihtiyaciniz)\b/,
    weight: 2.5,
  },
  {
    id: 'marketing_list',
    pattern:
      /\b(email list|e-?mail database|mailing list of|contact list of|leads? (list|database|generation)|b2b (leads|data)|qualified leads|appointments? (set|booked) (for|on)|decision makers? (list|contacts|emails)|verified (emails|contacts)|sales leads|musteri (listesi|datasi)|e-?posta listesi|toplu (sms|mail|e-?posta))\b/,
    weight: 2,
  },
  {
    id: 'outsourcing_pitch',
    pattern:
      /\b(outsourc(e|ing) (your|partner|company|team)|offshore (team|development)|dedicated (developers?|team) (at|for|starting)|hire (our )?(developers?|designers?) (at|for|starting)|white[- ]label|virtual assistants?|(mobile )?app development (company|agency|services)|web development (company|agency|services)|digital marketing (agency|services)|social media (management|marketing) (services|packages?))\b/,
    weight: 1.5,
  },
  {
    id: 'spam_tail',
    pattern:
      /\b(unsubscribe|opt[- ]out|to stop receiving|remove you from (our|my) list|if you don'?t want (to hear|more emails)|listeden cikmak|abonelikten cik|bu mesaji almak istemiyorsaniz|click here|buraya tiklayin|hemen tiklayin|tiklayin|act now|don'?t miss|kacirmayin|hemen basvur)/,
    weight: 2,
  },
  {
    id: 'adult_pharma',
    pattern:
      /\b(viagra|cialis|pharmacy|pills|weight loss|diet pills?|dating|hot (girls|singles)|sexy|porn|xxx|escort|adult (content|site))\b/,
    weight: 3,
  },
  {
    id: 'messenger_contact',
    pattern: /\b(whats ?app|telegram|skype|wechat|viber)\b.{0,30}(\+?\d[\d\s-]{6,}|@\w+|me at|us at|id)/,
    weight: 1.5,
  },
  {
    id: 'fake_review',
    pattern:
      /\b(google (reviews?|yorum(u|lari)?)|5[- ]star reviews?|(buy|get) (reviews|followers|likes)|takipci (satin|al)|begeni (satin|paketi)|instagram (followers|takipci))\b/,
    weight: 2,
  },
]

/**
 * Habits of a genuine inquiry: asking for something for the writer's own company. Each lowers
 * the score a little, so an inquiry that happens to mention a price or link is not pushed over.
 */
export const INQUIRY_PHRASES: readonly Phrase[] = [
  {
    id: 'asks_for_quote',
    pattern:
      /\b(teklif (almak|rica|istiyoruz|iletir|alabilir|gonderebilir)|fiyat teklifi|gorusme (talep|ayarla|rica)|gorusmek (ister|isteriz|istiyoruz)|bilgi almak (ist|rica)|randevu (almak|rica|talep)|destek (almak|ariyoruz|istiyoruz|talep)|danismanlik (almak|hizmeti almak|ariyoruz|istiyoruz|talep)|ihtiyacimiz (var|oldu)|yardimci olabilir misiniz|nasil ilerleyebiliriz|we are looking for|we're looking for|we need (help|support|a partner|a consultant|advice)|could you (send|share|help|advise)|can you (send|share|help|advise)|request (a|for) (quote|proposal|meeting|call)|schedule a (call|meeting)|would like to (discuss|meet|learn|get|request|know))\b/,
    weight: -1,
  },
  {
    id: 'own_company',
    pattern:
      /\b(sirketimiz(de|in|e)?|firmamiz(da|in|a)?|fabrikamiz(da)?|kurumumuz(da)?|isletmemiz(de)?|our (company|firm|factory|plant|team|organi[sz]ation|hospital|school|clinic|warehouse|stores?) (is|has|uses|needs|was|runs|operates|currently)|we (currently|run|operate|use|manufacture|produce))\b/,
    weight: -1,
  },
]
