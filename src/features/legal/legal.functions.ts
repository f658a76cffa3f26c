import { createServerFn } from '@tanstack/react-start'
import type { LegalFacts } from './legal.schemas'
import { currentLegalFacts } from './legal.server'

/** Public: the configured facts the legal pages state (no sign-in, nothing personal). */
export const getLegalFacts = createServerFn({ method: 'GET' }).handler(async (): Promise<LegalFacts> => currentLegalFacts())
