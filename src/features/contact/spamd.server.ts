/**
 * The optional SpamAssassin daemon (docs/spam.md): with SPAMD_URL each contact message is also
 * scored by spamd over its own protocol (SPAMC/1.5, a CHECK of the message as a small e-mail).
 * Like Akismet it is one more layer: when spamd does not answer within
 * LIMITS.spam.outsideTimeoutMs, or answers anything but a verdict, our own layers decide.
 */
import { connect } from 'node:net'
import { LIMITS } from '~/lib/limits'
import type { OutsideQuestion, OutsideVerdict } from './akismet.server'

export interface SpamdConfig {
  host: string
  port: number
}

/** The message as the e-mail spamd expects: headers it reads (From, Subject, Received's IP), then the text. */
function asMail(question: OutsideQuestion): Buffer {
  const name = question.name.replace(/[\r\n"]/g, ' ')
  const email = question.email.replace(/[\r\n<>]/g, '')
  const head = [
    `Received: from [${question.ip}] by contact-form; ${new Date().toUTCString()}`,
    `From: "${name}" <${email}>`,
    'Subject: Contact form message',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
  ].join('\r\n')
  return Buffer.from(`${head}\r\n\r\n${question.message.replace(/\r?\n/g, '\r\n')}\r\n`, 'utf8')
}

/** 'spam' or 'ham' from spamd's 'Spam: True ; 15.2 / 5.0' header; null for anything else. */
export function readSpamdAnswer(answer: string): OutsideVerdict {
  if (!/^SPAMD\/\d+\.\d+ 0 EX_OK\r?$/m.test(answer.split('\n')[0] ?? '')) return null
  const verdict = /^Spam: (True|False|Yes|No) ; -?[\d.]+ \/ -?[\d.]+\r?$/im.exec(answer)?.[1]?.toLowerCase()
  return verdict === 'true' || verdict === 'yes' ? 'spam' : verdict === 'false' || verdict === 'no' ? 'ham' : null
}

export function askSpamd(
  config: SpamdConfig,
  question: OutsideQuestion,
  timeoutMs: number = LIMITS.spam.outsideTimeoutMs,
): Promise<OutsideVerdict> {
  const mail = asMail(question)
  return new Promise((resolve) => {
    let answer = ''
    let done = false
    const finish = (verdict: OutsideVerdict) => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket.destroy()
      resolve(verdict)
    }
    // Refused, reset, unreachable or too slow: our own layers decide.
    const timer = setTimeout(() => finish(null), timeoutMs)
    const socket = connect({ host: config.host, port: config.port }, () => {
      socket.write(`CHECK SPAMC/1.5\r\nContent-length: ${mail.length}\r\n\r\n`)
      socket.end(mail)
    })
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      answer += chunk
      if (answer.length > 4096) finish(null)
    })
    socket.on('end', () => finish(readSpamdAnswer(answer)))
    socket.on('error', () => finish(null))
  })
}

/** Several outside opinions as one: any 'spam' wins, then any 'ham'; none: null. */
export async function outsideVerdict(checks: (() => Promise<OutsideVerdict>)[]): Promise<OutsideVerdict> {
  const answers = await Promise.all(checks.map((check) => check()))
  return answers.includes('spam') ? 'spam' : answers.includes('ham') ? 'ham' : null
}
