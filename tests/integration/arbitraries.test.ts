import fc from 'fast-check'
import * as v from 'valibot'
import { expect, it } from 'vitest'
import { SaveBannersSchema } from '~/features/banners/save-banners.schemas'
import { SERVER_FN_INPUTS } from './arbitraries'

// hostile-input.test.ts expects every saveBanners input it draws to be refused. One draw in a few
// thousand used to be valid (an absent mobile image), and then the save succeeded and the test
// failed now and then. This checks the generator itself, on many more draws than that test makes.
it('every input drawn for saveBanners is one its schema refuses', () => {
  const spec = SERVER_FN_INPUTS['src/features/banners/banners.functions.ts#saveBanners']
  if (!spec) throw new Error('no input spec for saveBanners')
  const accepted = fc
    .sample(spec.input({ inUrl: false }), 20_000)
    .filter((input) => v.safeParse(SaveBannersSchema, input).success)
  expect(accepted.slice(0, 3)).toEqual([])
})
