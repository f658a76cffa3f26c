/** The spam filter on the SQL core (docs/spam.md): judging looks up the learned counts of the
 * message's words, staff's word about the sender and recent copies of the same text, then weighs
 * them (../spam/judge.ts); learning moves counts and remembers senders, in one transaction. */
import { createHash, randomBytes } from 'node:crypto'
import { normalizeEmail } from '~/domain/accounts'
import type { SpamService } from '../backend'
import { MESSAGES_TOKEN, type TokenCounts } from '../spam/bayes'
import { weigh } from '../spam/judge'
import { lessonOf, modelDomain } from '../spam/learn'
import { createDomainCheck, type DomainAnswer } from '../spam/sender-domain'
import { domainOf, normalisedForFingerprint, tokenize } from '../spam/text'
import { LIMITS } from '~/lib/limits'
import type { Sql } from './client'

/** Shorter normalised texts ('Fiyat bilgisi alabilir miyim?') are written alike by different people. */
const MIN_FINGERPRINT_LETTERS = 60

/**
 * `checkDomain`: what DNS says of a sender's domain, within LIMITS.spam.domainCheckMs (tests and
 * the bench pass their own, so they need no network).
 */
export function createSpamService(
  db: Sql,
  now: () => Date,
  checkDomain: (domain: string | null) => Promise<DomainAnswer> = createDomainCheck(),
): SpamService {
  let key: Promise<Buffer> | null = null

  return {
    async judge(candidate) {
      const email = normalizeEmail(candidate.email)
      const domain = domainOf(email)
      const tokens = tokenize(candidate, modelDomain(email))
      const text = normalisedForFingerprint(candidate.message)
      const fingerprint = text.length >= MIN_FINGERPRINT_LETTERS ? createHash('md5').update(text).digest('hex') : null
      const at = now()
      // Asked in parallel with the database; it answers 'unknown' by its own deadline.
      const senderDomain = checkDomain(domain)
      const since = new Date(at.getTime() - LIMITS.spam.repeatWindowHours * 3600_000)
      // One round trip: the learned counts of its words, staff's word on the sender, and the other
      // addresses that sent this text lately (recording this one, and forgetting traces past the window).
      const { rows } = await db.query<{
        counts: [string, number, number][]
        senders: [string, 'spam' | 'ham'][]
        repeats: number
      }>(
        `with pruned as (delete from public.spam_fingerprints where seen_at < $4::timestamptz),
         added as (insert into public.spam_fingerprints (fingerprint, email, seen_at) select $3::text, $5::text, $6::timestamptz where $3::text is not null)
         select
           (select coalesce(json_agg(json_build_array(token, spam, ham)), '[]') from public.spam_tokens
             where token = any($1::text[])) as counts,
           (select coalesce(json_agg(json_build_array(sender, verdict)), '[]') from public.spam_senders
             where sender = any($2::text[])) as senders,
           (select count(distinct email)::int from public.spam_fingerprints
             where $3::text is not null and fingerprint = $3::text and seen_at >= $4::timestamptz and email <> $5::text) as repeats`,
        [[MESSAGES_TOKEN, ...tokens], domain ? [email, `@${domain}`] : [email], fingerprint, since, email, at],
      )
      const found = rows[0]!
      const verdictOf = (sender: string) => found.senders.find(([name]) => name === sender)?.[1] ?? null
      return weigh(candidate, {
        counts: new Map<string, TokenCounts>(found.counts.map(([token, spam, ham]) => [token, { spam, ham }])),
        tokens,
        address: verdictOf(email),
        domain: domain ? verdictOf(`@${domain}`) : null,
        repeats: found.repeats,
        senderDomain: await senderDomain,
      })
    },

    async learn(messages, verdict) {
      if (messages.length === 0) return
      await db.transaction(async (tx) => {
        for (const message of messages) {
          const learned = await tx.query<{ verdict: string }>(
            'select verdict from public.spam_learned where message_id = $1 for update',
            [message.id],
          )
          const before = learned.rows[0]?.verdict
          if (before === verdict) continue
          const lesson = lessonOf(message, verdict)
          if (before) {
            // Relearned: its words leave the column they were counted in.
            await tx.query(`update public.spam_tokens set ${before} = greatest(${before} - 1, 0) where token = any($1::text[])`, [
              lesson.tokens,
            ])
          }
          await tx.query(
            `insert into public.spam_tokens (token, spam, ham)
             select t, $2, $3 from unnest($1::text[]) as t
             on conflict (token) do update
               set spam = public.spam_tokens.spam + excluded.spam, ham = public.spam_tokens.ham + excluded.ham`,
            [lesson.tokens, verdict === 'spam' ? 1 : 0, verdict === 'ham' ? 1 : 0],
          )
          for (const { sender, verdict: said } of lesson.senders) {
            await tx.query(
              `insert into public.spam_senders (sender, verdict, updated_at) values ($1, $2, $3)
               on conflict (sender) do update set verdict = excluded.verdict, updated_at = excluded.updated_at`,
              [sender, said, now()],
            )
          }
          await tx.query(
            `insert into public.spam_learned (message_id, verdict)
             select id, $2 from public.contact_messages where id = $1
             on conflict (message_id) do update set verdict = excluded.verdict`,
            [message.id, verdict],
          )
        }
      })
    },

    stampKey() {
      key ??= (async () => {
        await db.query(
          "insert into public.spam_settings (name, value) values ('form_stamp_key', $1) on conflict (name) do nothing",
          [randomBytes(32).toString('hex')],
        )
        const { rows } = await db.query<{ value: string }>("select value from public.spam_settings where name = 'form_stamp_key'")
        return Buffer.from(rows[0]!.value, 'hex')
      })()
      key.catch(() => {
        key = null
      })
      return key
    },
  }
}
