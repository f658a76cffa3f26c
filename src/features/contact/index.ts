// Public surface of the contact feature, used by the landing page.
export { ContactForm } from './components/contact-form'
export { ContactNotice } from './components/contact-notice'
export { CONTACT_RESULTS, parseContactSearch, type ContactResult } from './contact-result'
