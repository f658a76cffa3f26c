/**
 * Every limit of the product, named once. Validation schemas, rate limiters, the
 * database's CHECK constraints (supabase/migrations) and the tests read them from here.
 */
import { INBOX_SEARCH_LIMITS } from './inbox-search-limits'

export const LIMITS = {
  contact: {
    nameMin: 2,
    nameMax: 100,
    emailMax: 254,
    messageMin: 10,
    messageMax: 5000,
  },
  auth: {
    codeLength: 6,
    /** A code is valid this long after it was sent. */
    codeTtlSeconds: 10 * 60,
    /** Wrong tries on one code before it is dead. */
    codeMaxAttempts: 5,
    /** One new code per e-mail per this many seconds. */
    resendIntervalSeconds: 60,
    /** A session ends after this much inactivity. */
    sessionIdleSeconds: 8 * 60 * 60,
    /** And at the latest this long after sign-in. */
    sessionMaxSeconds: 7 * 24 * 60 * 60,
  },
  rate: {
    /** Contact submissions per IP address. */
    contactPerIp: { max: 5, windowSeconds: 10 * 60 },
    /** Code requests per IP address (on top of the per-e-mail resend interval). */
    sendCodePerIp: { max: 10, windowSeconds: 10 * 60 },
    /** Codes sent per e-mail: one per auth.resendIntervalSeconds, counted by the app in every mode. */
    sendCodePerEmail: { max: 1, windowSeconds: 60 },
    /** Verify attempts per e-mail and per IP address, on both backends. */
    verifyPerEmail: { max: 10, windowSeconds: 10 * 60 },
    verifyPerIp: { max: 20, windowSeconds: 10 * 60 },
  },
  inbox: {
    pageSize: 50,
    /** maxPage and searchMax, in a module of their own: see inbox-search-limits.ts. */
    ...INBOX_SEARCH_LIMITS,
    /** Rows one bulk action may touch. */
    bulkMax: 200,
    exportMax: 10_000,
    /**
     * An open inbox's live event stream ends after this long and the browser opens a new one,
     * which checks the session again (an admin taken off the list stops hearing within it).
     */
    liveStreamSeconds: 5 * 60,
    /** A message stays in the trash this long after its deletion, then the retention job destroys it. */
    trashKeepDays: 30,
    /** Spam is kept this long after it arrived (created_at), then the retention job destroys it. */
    spamKeepDays: 30,
  },
  /** Working leads as a team: names, signatures, internal notes. */
  leads: {
    nameMax: 80,
    signatureMax: 1000,
    noteMax: 2000,
  },
  retention: {
    /** MESSAGE_RETENTION_DAYS and IP_RETENTION_DAYS when unset (docs/kvkk.md). */
    messageDefaultDays: 730,
    ipDefaultDays: 90,
    /** Neither may be shorter: a message must live long enough to be answered. */
    minDays: 30,
    /** Destruction records are kept this long, then the retention job deletes them. */
    recordKeepYears: 3,
    /** The job runs at start and then this often. */
    runEveryHours: 24,
    /** Destruction records the staff page shows, newest first. */
    recordsShown: 100,
    /**
     * Rows one retention statement may take (decision 184): a category's first batch takes
     * minBatchRows, later ones as many as its highest cost per row measured in this process fits
     * in half of the 100 ms a step may hold the database, between these two. Anonymizing an IP
     * address writes the row again into every index, the trigrams of its text included: 2–3 ms a
     * row in PGlite (measured), some fifty times a deletion, so about 20 rows a batch.
     */
    batchRows: 1000,
    minBatchRows: 10,
    /**
     * After a pass that destroyed personal data, the statistics are renewed (decision 194); in
     * PGlite that ANALYZE waits for the database's quiet (database.maintenanceIdleSeconds), at
     * most this long, then runs anyway.
     */
    analyzeMaxWaitMinutes: 30,
    /** A pass holds the job this long past its latest batch; a killed pass's hold lapses after it. */
    leaseSeconds: 60,
    /** A pass skipped (another instance's under way) or failed is tried again this much later. */
    retryMinutes: 10,
  },
  spam: {
    /**
     * A person needs longer than this from the page being served to the form being posted (the
     * time trap); SPAM_MIN_FILL_SECONDS may lower it for browser tests that type instantly.
     */
    minFillSeconds: 3,
    /** The same text from several addresses within this many hours is a mass mailing. */
    repeatWindowHours: 6,
    /** An outside check (Turnstile, Akismet) that has not answered by then is left out. */
    outsideTimeoutMs: 2000,
  },
  team: {
    /** Changes of the admin list the team page shows, newest first. */
    historyShown: 50,
  },
  activity: {
    /** Rows of the activity log one page (or one message's history) shows, newest first. */
    pageSize: 100,
    /** ACTIVITY_RETENTION_DAYS when unset, and the shortest it may be. */
    retentionDefaultDays: 730,
    retentionMinDays: 365,
  },
  upload: {
    maxBytes: 5 * 1024 * 1024,
    maxPixels: 40_000_000,
    maxSide: 10_000,
    minSide: 16,
    cacheControlSeconds: 3600,
    /** An uploaded image no banner uses is deleted once it is this old (time enough to save it). */
    unusedKeepSeconds: 24 * 60 * 60,
    /**
     * Widths of the AVIF and WebP copies made of every upload, up to the image's own width
     * (docs/decisions/042-responsive-banners.md): phones at 2–3 device pixels per CSS pixel pick
     * 828–1280, desktops 1280–2560.
     */
    variantWidths: [640, 828, 1080, 1280, 1600, 1920, 2560],
    /** The copies are never taller than the tallest hero (520 px) at three device pixels. */
    variantMaxHeight: 1560,
  },
  banner: {
    urlMax: 2048,
  },
  http: {
    /** Server function and form bodies larger than this are refused before being read whole. */
    maxBodyBytes: 64 * 1024,
    /** Upload requests may carry the file plus a little form overhead. */
    maxUploadBodyBytes: 5 * 1024 * 1024 + 64 * 1024,
  },
  ops: {
    /** /readyz fails when the database has not answered its status query within this (docs/decisions/132). */
    readyTimeoutMs: 1_000,
    /** /readyz fails when a due mail has waited this long for an attempt: delivery has stopped. */
    mailDueMaxSeconds: 15 * 60,
    /** /readyz fails when the newest snapshot is older than this many snapshot intervals. */
    snapshotMaxIntervals: 2,
  },
  database: {
    /**
     * Connections each server instance keeps to a PostgreSQL server (postgres and supabase
     * modes), plus one for LISTEN. Instances × (poolMax + 1) must stay under the server's
     * max_connections (Supabase's smallest plan: 60 direct, more through its pooler).
     */
    poolMax: 10,
    /**
     * The embedded database's own upkeep (no autovacuum in PGlite; decision 078): a pass looks at
     * every table this often, and sooner, maintenanceQuietSeconds after a burst of at least
     * maintenanceBulkRows changed rows has ended.
     */
    maintenanceIntervalSeconds: 10 * 60,
    maintenanceBulkRows: 1_000,
    maintenanceQuietSeconds: 5,
    /**
     * A table is vacuumed once its dead rows pass 50 + this share of its live rows, analyzed once
     * its changed rows pass 50 + analyzeShare (autovacuum's 0.2 and 0.1 would let each run grow
     * larger; small, frequent runs hold the one connection for less time).
     */
    vacuumShare: 0.02,
    analyzeShare: 0.05,
    /**
     * A table larger than this (with its indexes) is vacuumed and analyzed only once the database
     * has had no query for maintenanceIdleSeconds: on PGlite such a statement holds the one
     * connection, and the whole process, for seconds (the messages at 100k: decision 078).
     */
    maintenanceLargeTableBytes: 8 * 1024 * 1024,
    maintenanceIdleSeconds: 60,
    /** Expired sessions and codes are deleted this many rows per statement. */
    sweepBatchRows: 500,
    /** A sign-in code is kept this long past its expiry (its row still throttles and explains). */
    codeKeepAfterExpirySeconds: 24 * 60 * 60,
  },
  mail: {
    /**
     * More contact messages than this within floodWindowSeconds become one digest per admin,
     * sent when the window after the first one it holds has passed (docs/decisions/090-mail.md).
     */
    floodMax: 10,
    floodWindowSeconds: 10 * 60,
    /** A digest names this many messages; it counts the rest. */
    digestListMax: 20,
    /** Lines and characters of a message its notification quotes. */
    excerptLines: 4,
    excerptChars: 400,
    /** A failed delivery is tried again after retryBaseSeconds, then twice as long each time, at most retryMaxSeconds. */
    retryBaseSeconds: 5,
    retryMaxSeconds: 10 * 60,
    /** A notification still not delivered this long after it was queued is given up (and logged). */
    giveUpAfterSeconds: 3 * 24 * 60 * 60,
    /** The SMTP server must take the connection within this, and a whole delivery within sendTimeoutSeconds. */
    connectTimeoutSeconds: 10,
    sendTimeoutSeconds: 25,
    /**
     * The one delivering worker's lease, renewed before each mail: longer than a delivery may
     * take. A mail whose delivery was cut off (the process died) is tried again after this long.
     */
    leaseSeconds: 30,
    /** Besides being woken (NOTIFY, a new code), the worker looks at the queue this often. */
    pollSeconds: 5,
    /**
     * The login page says the code e-mail is late when it has not left after this long (an SMTP
     * server takes a mail in a second or two; by now two attempts have failed), and then asks
     * again every codeStatusPollSeconds until it has.
     */
    codeNoticeAfterSeconds: 15,
    codeStatusPollSeconds: 5,
    /** Delivered, expired and failed rows are deleted after this long. */
    keepSeconds: 7 * 24 * 60 * 60,
  },
  backup: {
    /** Rows a backup reads from a cursor at a time: the embedded server answers requests between batches. */
    fetchRows: 500,
    /** Rows a restore inserts per statement (a PostgreSQL server). */
    insertRows: 1_000,
    /** Rows a restore copies per COPY statement (the embedded mode): a few megabytes of text. */
    copyRows: 5_000,
    /** A snapshot that failed is tried again after this long (not a whole interval later). */
    retryMinutes: 10,
    /** How long one instance holds the snapshot lease: longer than a snapshot may take. */
    leaseMinutes: 30,
    /** The first snapshot after a start waits this long at least: the server is busy starting. */
    firstDelaySeconds: 60,
  },
} as const
