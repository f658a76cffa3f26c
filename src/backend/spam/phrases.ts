/** Phrases of unsolicited pitches in English and Turkish, matched on folded text (text.ts: lower
 * case, Turkish letters as ASCII). Each names a habit of a pitch, not a topic: an inquiry may well
 * be about SEO or a loan system ('SEO desteği arıyoruz'), a pitch offers it to us ('we offer SEO'). */
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
      /\b(first page|1st page|page one|top (of|on) google|top rankings?|rank(ing)? (higher|#?1|number one|on google|on the first)|google'?(da|de)? (ilk sayfa|ilk sira|ust sira)|ilk sayfay?a (cik|tas)|organic traffic|more traffic|boost (your )?(traffic|ranking|visibility|sales|revenue)|domain authority|\bda\b ?\d{2}|backlinks?|guest posts?|link building|do-?follow|link (exchange|insertions?)|sponsored (posts?|reviews?)|tanitim yazisi)\b/,
    weight: 2,
  },
  {
    id: 'self_offer',
    pattern:
      /\b(we offer|we provide|we specialize|we specialise|we help|we build|we create|we design|we deliver|we handle|we sell|we buy|we make|we have helped|we'?ve helped|we can (help|get|rank|fix|build|provide|reduce|deliver|handle|offer)|we typically|we are an? (team|company|agency|studio|professional|leading|creative|full[- ]service|software|web|digital|mobile|b2b|private)|we'?re an? (team|company|agency|studio)|our (agency|experts|tool|software|platform|service|services|app|course|program|network|ghostwriters|writers|designers|developers|engineers|clients average|ai|bot|plugin|gateway|protocol|signals)\b|i (can|will) (help|rank|fix|design|build|write|create|get|make|bring|send|proofread|record)|i am an? (expert|freelance|professional|seo|web|digital|virtual|app|copywriter|graphic|content|motion|voice)|i'?m an? (expert|freelance|professional|seo|web|digital|virtual|app|copywriter|graphic|content|motion|voice)|i (specialize|specialise|represent|help)|(hizmet|destek|cozum|paket)[a-z]{0,8} (sunuyoruz|sunmaktayiz|sunmaktadir|veriyoruz|veriyorum|vermekteyiz|sagliyoruz|sagliyorum)|ajansimiz|uzman ekibimiz|hazirliyoruz|yonetebilirim|satiyorum|sunuyoruz)\b/,
    weight: 1.5,
  },
  {
    id: 'your_assets',
    pattern:
      /\b(your|ur) (website|web ?site|site|online presence|business|brand|ranking|rankings|traffic|leads|sales|logo|blog|domain|listing|revenue|pipeline|reputation|social media|instagram|linkedin|facebook|ad budget|emails|hero section|savings|electricity bills|english pages|theme|next campaign|next event)\b|\b(web ?siteniz|siteniz|isletmeniz|markaniz|sosyal medya hesaplariniz|satislarinizi|musteri sayinizi)\b/,
    weight: 1.5,
  },
  {
    id: 'call_to_action',
    pattern:
      /\binterested\?|\b(are you interested|would that be helpful|if (you are|you're|you'?d be) interested|let me know if (you|you're|you are) (are )?interested|shall i (send|prepare|set)|should i send|can i (send|show)|want me to|would you like (me|a|to see|to learn|more|the)|reply (with )?["'“]?(yes|interested|ok|demo|webinar|stop)|just reply|reply (to|here)|book (a|your) (call|demo|slot|free)|quick (chat|conversation)|\d+[- ]min(ute)? (call|chat|video)|worth a (look|chat)|free (audit|trial|demo|consultation|quote|report|analysis|mockup|sample|assessment|check|cost analysis|eligibility|health check|strategy|campaign|site|investor|forever|7-day|14-day)|ilgilenirseniz|ilgileniyorsaniz|ilgilenir misiniz|donus yapmaniz yeterli|donus yapabilirsiniz|mesaji yanitlamaniz yeterli|ister misiniz|evet yazmaniz yeterli)\b/,
    weight: 1.5,
  },
  {
    // Presenting the writer's own offer ('tanıtmak isteriz', 'we'd like to offer it to you'): an inquiry asks, a pitch presents.
    id: 'presents_offer',
    pattern:
      /\b((tanitmak|anlatmak|sunmak|gostermek|bilgi vermek|tanistirmak) (ister(im|iz)|istiyor(um|uz))|(gonderebilirim|gondereyim mi|gondermemi ister)|(like|love|want|glad|happy) to (offer|introduce|present|show) (it |them |this )?(to )?you)\b/,
    weight: 1.5,
  },
  {
    id: 'soft_ask',
    pattern: /\b(would you be (interested|open)|open to a|quick call|would you like to)\b/,
    weight: 1,
  },
  {
    id: 'claims',
    pattern:
      /\b(guarantee[ds]?|garanti(li)?|money[- ]back|no (obligation|strings|upfront|long term|credit check|collateral|paperwork)|limited (time|offer|spots|slots)|today only|act now|don'?t miss|exclusive (opportunity|offer|listings)|special offer|sinirli kontenjan|kacirmayin|\d+\+? (clients|businesses|companies|projects|developers|engineers|members|reviews|sites|websites|sales teams|contacts)|over \d[\d,]* (businesses|companies|clients|projects)|up to \d+%|\d+x (more|faster|increase)|\d+% (off|discount|indirim)|ucretsiz (servis|kargo))\b|%\d+ (indirim|kazanc|getiri|(for|is|completely|100%) free|free (for|of charge|shipping|domain|ssl|migration|lesson|registration))/,
    weight: 1.5,
  },
  {
    id: 'mass_greeting',
    pattern:
      /^(dear (business owner|website owner|customer|friend|beneficiary|hiring manager|supplier|buyer|ceo)|hello (business|website) owner|attention|greetings|degerli isletme sahibi|sayin isletme sahibi|hello dear|hey handsome|congratulations)/,
    weight: 2,
  },
  {
    id: 'llm_opener',
    pattern:
      /\b(i hope (this|you|all)[^.!?\n]{0,30}(well|great|good)|hope you'?re (doing|having) (well|great|a great)|hope all is well|i'?m reaching out|i am reaching out|wanted to reach out|i noticed (that )?(you|your)|loved (your|what you)|stood out to me|was genuinely impressed|really (like|enjoyed|liked) your)\b/,
    weight: 1,
  },
  {
    id: 'phishing_scam',
    pattern:
      /\b(confirm your identity|account (has been |is )?(limited|suspended|locked)|at risk of suspension|will expire in \d|expires today|final notice|renew now|congratulations[!,]? your|has won|you have (won|been (pre-?)?approved)|claim (your|the) (prize|offer|spot|fund)|compensation fund|next of kin|trustworthy (foreign )?partner|business proposal that will benefit|legal action will be taken|critical security vulnerabilit|hackers are|(private|personal) phone number|send (us )?(loi|your full name)|oil broker|sblc|bank guarantee|make an offer|similar to your (brand|domain)|currently available for purchase|secure it now|before your competitors)/,
    weight: 3,
  },
  {
    id: 'tr_ad',
    pattern:
      /\b(kampanya(si|li|yi)?|hemen (arayin|siparis|rezervasyon|uye ol|basvur|randevu)|sinirli kontenjan|kapida odeme|sadece \d[\d.,]* ?tl|\d[\d.,]* ?tl'?(den|dan) baslayan|yilin en buyuk|en uygun fiyat|kazanmak ister misiniz|hosgeldin bonusu|en guvenilir|indirim(li)?|fiyatlar(imiz)?|kasko dahil|ucretsiz servis)\b/,
    weight: 2.5,
  },
  {
    id: 'hook_question',
    pattern:
      /^(\W*(hi|hello|hey|merhaba|merhabalar)( there| team)?\W+)?(are you (still|running|overpaying|struggling|an agency|planning|exhibiting|currently|tired|losing)|is your|do you (need|have a|want|still)|need (a|an|more|cash|money)|tired of|have you (ever )?(thought|considered)|did you know|want (to|more|\d)|would you like|looking for (a|more)|get (your|cash|more|unlimited)|boost your|earn |go viral|launch your|buy |discover |protect your|increase your|never miss|still (writing|doing|paying)|ister misiniz|.{0,40}ister misiniz\?|(hey|hi)?\W*running \w+( \w+)?\?|is \w+ (taking|costing|killing|eating))/,
    weight: 1.5,
  },
  {
    id: 'pricing_terms',
    pattern:
      /\b(per (month|hour|post|email|sms|issue|image|bot|year)|\/(month|hour|mo|year)\b|monthly fee|starting (at|from)|from \$|packages? (start|from)|plans? start|aylik [\d.,]+ ?tl|[\d.,]+ ?tl'?(den|dan)|paketler(i|imiz))/,
    weight: 1,
  },
  {
    id: 'price_pitch',
    pattern:
      /(\$|usd|€|eur|£)\s?\d+|\d+\s?(\$|usd|dolar|€|euro)\b|\b(affordable (price|rate|cost)|low cost|cheap(est)? price|best price|special (discount|offer|price)|limited (time|offer|spots)|discount of \d|% ?off\b|free (audit|trial|consultation|quote|report|analysis|mockup|demo)|ucretsiz (analiz|rapor|deneme|demo|seo)|indirimli fiyat|kampanyali fiyat|uygun fiyat(li|lar)?la|uygun maliyet(le|li)|yari fiyatina|piyasanin (altinda|altindaki)|lowest (rates|prices?)|top prices|competitive (rates|prices)|wholesale prices?|best rates|cheapest|below list price|at a fraction)/,
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
      /\b(outsourc(e|ing) (your|partner|company|team)|offshore (team|development)|dedicated (developers?|team) (at|for|starting)|hire (our )?(developers?|designers?) (at|for|starting)|white[- ]label|virtual assistants?|(mobile )?app development (company|agency|services)|web development (company|agency|services)|digital marketing (agency|services)|social media (management|marketing) (services|packages?)|referral fee|recurring commission|affiliate program|revenue share|resell (our|it)|scale (their|your) (engineering|development)|subcontractor on)\b/,
    weight: 1.5,
  },
  // A hint only: the mailing lists people signed up for carry 'unsubscribe' too.
  {
    id: 'spam_tail',
    pattern:
      /\b(unsubscribe|opt[- ]out|to stop receiving|remove you from (our|my) list|if you don'?t want (to hear|more emails)|listeden cikmak|abonelikten cik|bu mesaji almak istemiyorsaniz|click here|buraya tiklayin|hemen tiklayin|tiklayin|act now|don'?t miss|kacirmayin|hemen basvur)/,
    weight: 1,
  },
  {
    id: 'adult_pharma',
    pattern:
      /\b(viagra|cialis|pharmacy|pills|weight loss|diet pills?|dating|hot (girls|singles)|sexy|porn|xxx|escort|adult (content|site)|beautiful (women|girls)|meet you tonight|know you better|serious relationship|new in your city|someone to talk|my photos|in your area want)\b/,
    weight: 3,
  },
  {
    id: 'fake_review',
    pattern:
      /\b(google (reviews?|yorum(u|lari)?)|5[- ]star reviews?|(buy|get) (reviews|followers|likes)|takipci (satin|al)|begeni (satin|paketi)|instagram (followers|takipci))\b/,
    weight: 2,
  },
]

/** Habits of a genuine inquiry: asking for something for the writer's own company. Each lowers the
 * score a little, so an inquiry that happens to mention a price or link is not pushed over. */
export const INQUIRY_PHRASES: readonly Phrase[] = [
  {
    id: 'asks',
    pattern:
      /\b(teklif (almak|rica|istiyoruz|iletir|alabilir|gonderebilir|bekliyor|talep)|fiyat (teklifi|bilgisi|alabilir)|gorusme (talep|ayarla|rica)|gorusmek (ister|isteriz|istiyoruz)|gorusebilir miyiz|gorusel(im|im mi)|bilgi (almak|rica|alabilir|verebilir)|randevu (almak|rica|talep)|destek (almak|ariyoruz|istiyoruz|talep|verebilir)|danismanlik (almak|hizmeti almak|ariyoruz|istiyoruz|talep|veriyor)|ihtiyacimiz (var|oldu)|istiyoruz|istiyorum|istemiyoruz|isteriz|ariyoruz|lazim|yapabilir misiniz|yapar misiniz|verebilir misiniz|alabilir miyim|mumkun mu|yardimci olabilir misiniz|yardimci olur musunuz|yapiyor musunuz|veriyor musunuz|calisiyor musunuz|nasil ilerleyebiliriz|we are looking for|we're looking for|i am looking for|we need|we want|we'?d like to|we would like|i would like to|could you|can you|do you (offer|provide|work|do|help|have|handle|build|accept)|are you able|is this something you|is that in your scope|please (send|advise|contact|let me know|share|call|reply with availability|tell)|request (a|for) (quote|proposal|meeting|call)|schedule a (call|meeting)|would like to (discuss|meet|learn|get|request|know|invite))\b/,
    weight: -1.5,
  },
  {
    id: 'own_company',
    pattern:
      /\b(sirketimiz(de|in|e)?|firmamiz(da|in|a)?|fabrikamiz(da)?|kurumumuz(da)?|isletmemiz(de)?|ofisimiz|magazamiz|our (company|firm|factory|plant|team|organi[sz]ation|hospital|school|clinic|warehouse|stores?|subsidiary|office|group|client|supplier|importer|distributor|current|month-end|auditors)\b|we (currently|run|operate|use|manufacture|produce|import|export|supply|plan|are opening|are moving|are expanding|are evaluating|had a bad))/,
    weight: -1,
  },
]
