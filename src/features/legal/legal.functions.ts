import { createServerFn } from '@tanstack/react-start'
import { type LegalPageData, LegalPageInputSchema } from './legal.schemas'
import { legalPageData } from './legal.server'
import { validate } from '~/lib/validate'

/** Public: what a legal page states that the configuration decides, and its head (nothing personal). */
export const getLegalPage = createServerFn({ method: 'GET' })
  .validator(validate(LegalPageInputSchema))
  .handler(async ({ data }): Promise<LegalPageData> => legalPageData(data.page, data.locale))
