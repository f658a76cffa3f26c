import * as v from 'valibot'

/** 'Oturumu Kapat' on one session: its public id. */
export const EndSessionInputSchema = v.object({ id: v.pipe(v.string(), v.uuid()) })
export type EndSessionInput = v.InferInput<typeof EndSessionInputSchema>
