/** The firm's public facts, named once; text that changes with the language is in messages/*.json. */
export const SITE = {
  name: 'Pusula Dijital',
  phone: { display: '+90 212 909 14 40', href: 'tel:+902129091440' },
  email: 'info@pusuladijital.com.tr',
  address: {
    street: 'Büyükdere Cad. No: 199, Kat: 6',
    district: 'Levent, 34394 Şişli',
    city: 'İstanbul',
    countryCode: 'TR',
    postalCode: '34394',
  },
  /** The professional network's company search for the firm (docs/product.md#footer). */
  linkedinUrl: 'https://www.linkedin.com/search/results/companies/?keywords=Pusula%20Dijital',
  /** The copyright line shows this fixed year, not the current one (docs/product.md#footer). */
  copyrightYear: 2024,
  logo: { src: '/logo.svg', width: 40, height: 40 },
} as const

/** The address as the contact card and footer print it, one line per entry. */
export const ADDRESS_LINES = [SITE.address.street, SITE.address.district, SITE.address.city] as const
