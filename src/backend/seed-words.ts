/** The vocabulary of fake contact messages (factories.ts: fakeContactMessage): people, companies and
 * message parts in Turkish and English, combined so that 100,000 messages read varied. Addresses
 * use the reserved `.example` top-level domain (RFC 2606), so none is a real inbox. */

export const TURKISH_FIRST_NAMES = [
  'Ayşe',
  'Mehmet',
  'Zeynep',
  'Emre',
  'Elif',
  'Gökhan',
  'Şule',
  'Burak',
  'İpek',
  'Oğuz',
  'Çağla',
  'Hakan',
  'Gül',
  'Ümit',
  'Derya',
  'Serkan',
  'Büşra',
  'Tolga',
  'Özge',
  'İsmail',
] as const

export const TURKISH_LAST_NAMES = [
  'Yılmaz',
  'Öztürk',
  'Çelik',
  'Şahin',
  'Arslan',
  'Kaya',
  'Demir',
  'Doğan',
  'Koç',
  'Aydın',
  'Kılıç',
  'Güneş',
  'Yıldız',
  'Erdoğan',
  'Çetin',
  'Özdemir',
  'Karaca',
  'Akgül',
  'Işık',
  'Tunç',
] as const

export const ENGLISH_FIRST_NAMES = [
  'Daniel',
  'Sarah',
  'James',
  'Emily',
  'Michael',
  'Laura',
  'David',
  'Olivia',
  'Thomas',
  'Hannah',
  'Robert',
  'Sophie',
  'Andrew',
  'Chloe',
  'Peter',
  'Grace',
  'Mark',
  'Rachel',
  'Simon',
  'Alice',
] as const

export const ENGLISH_LAST_NAMES = [
  'Hughes',
  'Collins',
  'Bennett',
  'Carter',
  'Morgan',
  'Foster',
  'Reed',
  'Walsh',
  'Hayes',
  'Price',
  'Turner',
  'Fletcher',
  'Marshall',
  'Lawson',
  'Harper',
  'Doyle',
  'Spencer',
  'Barker',
  'Quinn',
  'Ellis',
] as const

export const TURKISH_COMPANIES = [
  'anadolu-lojistik',
  'ege-perakende',
  'marmara-gida',
  'bogazici-finans',
  'karadeniz-uretim',
  'trakya-tekstil',
  'atlas-yapi',
  'kuzey-enerji',
  'deniz-sigorta',
  'yildiz-eticaret',
] as const

export const ENGLISH_COMPANIES = [
  'northwind-retail',
  'harbor-logistics',
  'bluefield-finance',
  'oakridge-manufacturing',
  'silverline-foods',
  'brightpath-insurance',
  'summit-properties',
  'crestview-health',
] as const

export const TURKISH_GREETINGS = ['Merhaba,', 'İyi günler,', 'Merhabalar,', 'Sayın Pusula Dijital ekibi,', 'Selamlar,'] as const
export const TURKISH_CLOSINGS = [
  'Teşekkürler.',
  'İyi çalışmalar dilerim.',
  'Dönüşünüzü bekliyorum.',
  'Saygılarımla.',
  'Şimdiden teşekkür ederim.',
] as const

/** `{sector}` is replaced by a sector name of the same language. */
export const TURKISH_BODIES = [
  'Şirketimiz {sector} alanında faaliyet gösteriyor ve dijital dönüşüm yol haritası hazırlamak istiyoruz. Ön görüşme için uygun bir zamanınız var mı?',
  'ERP seçim sürecimizde bağımsız bir değerlendirme desteğine ihtiyacımız var. Benzer projelerdeki deneyiminizi paylaşabilir misiniz?',
  'Yapay zekâ stratejisi atölyeniz hakkında bilgi almak istiyorum. Yönetim ekibimiz için yarım günlük bir oturum mümkün mü?',
  'Müşteri ilişkileri yönetimi sistemimizi yenilemeyi planlıyoruz. Süreç analizi ve platform seçimi için teklif rica ederim.',
  'Dijital olgunluk endeksi çalışmanızı {sector} sektöründeki bir şirket için uyguladınız mı? Referanslarınızı görmek isteriz.',
  'BT yönetişimi konusunda denetim öncesi bir ön değerlendirme yaptırmak istiyoruz. Süre ve kapsam hakkında bilgi verebilir misiniz?',
  'Organizasyonel dönüşüm projemiz için değişim yönetimi desteği arıyoruz. Yaklaşık 400 çalışanımız var.',
  'Strateji simülatörü ürününüzün ne zaman kullanıma açılacağını öğrenebilir miyim? Pilot kullanıcı olmak isteriz.',
  'Geçen hafta yaptığımız görüşmenin devamı olarak toplantı notlarını ve bütçe taslağını paylaşabilir misiniz?',
  'Şubelerimizdeki müşteri deneyimini yapay zekâ destekli araçlarla ölçmek istiyoruz. Nasıl bir yol izlersiniz?',
] as const

export const ENGLISH_GREETINGS = ['Hello,', 'Hi there,', 'Good morning,', 'Dear Pusula Dijital team,', 'Hello team,'] as const
export const ENGLISH_CLOSINGS = [
  'Thanks in advance.',
  'Best regards.',
  'Looking forward to hearing from you.',
  'Kind regards.',
  'Many thanks.',
] as const

export const ENGLISH_BODIES = [
  'We are a {sector} company planning our digital transformation roadmap for next year and would like to arrange an introductory call.',
  'Could you share a short overview of how you run ERP vendor evaluations? We are comparing three platforms.',
  'I would like to learn more about your AI strategy workshop. Is a half-day session for our leadership team possible?',
  'We are replacing our CRM and need help with process analysis and platform selection. Could you send a proposal?',
  'Have you applied your digital maturity index in the {sector} sector before? We would appreciate some references.',
  'We need an independent IT governance review ahead of an audit. What would the scope and timeline look like?',
  'Our organisational transformation programme needs change management support; we have about 400 employees.',
  'When will the strategy simulator be available? We would be glad to join a pilot.',
  'Following up on last week’s call: could you send the meeting notes and the draft budget?',
  'We want to measure customer experience across our branches with AI-supported tools. How would you approach it?',
] as const

export const TURKISH_SECTORS = ['perakende', 'lojistik', 'finans', 'üretim', 'gayrimenkul', 'hızlı tüketim'] as const
export const ENGLISH_SECTORS = ['retail', 'logistics', 'finance', 'manufacturing', 'real estate', 'FMCG'] as const
