/** Every limit of the product, named once. Validation schemas, rate limiters, the database's CHECK
 * constraints (supabase/migrations) and the tests read them from here. */
import { INBOX_SEARCH_LIMITS } from './inbox-search-limits'
import { STATS_SEARCH_LIMITS } from './stats-search-limits'

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
  /** Passkeys (decision 233): a challenge is answered once, within this; passkeys per person; name length. */
  passkeys: { challengeTtlSeconds: 5 * 60, perPerson: 10, nameMax: 80 },
  rate: {
    /** Contact submissions per IP address. */
    contactPerIp: { max: 5, windowSeconds: 10 * 60 },
    /** Code requests per IP address (IPv6: per /64), on top of the resend interval. */
    sendCodePerIp: { max: 10, windowSeconds: 10 * 60 },
    /**
     * Codes sent per e-mail and browser (decision 231): one per auth.resendIntervalSeconds,
     * counted by the app in every mode; another browser's request never makes this one wait.
     */
    sendCodePerBrowserEmail: { max: 1, windowSeconds: 60 },
    /** Verify attempts per browser, per e-mail and browser, and per IP address, in every mode; never per e-mail alone. */
    verifyPerBrowser: { max: 10, windowSeconds: 10 * 60 },
    verifyPerBrowserEmail: { max: 10, windowSeconds: 10 * 60 },
    verifyPerIp: { max: 20, windowSeconds: 10 * 60 },
    /** Visit beacons per IP address (keyed by its salted hash), counted in each instance's memory (decision 241): a reader sends two per page. */
    visitPerIp: { max: 120, windowSeconds: 60 },
    /** Wrong codes for one address in a row, from anywhere: at `max` the owners are e-mailed (once, until a sign-in). */
    signInFailuresPerEmail: { max: 100, windowSeconds: 30 * 24 * 60 * 60 },
    signInFailureAlert: { max: 1, windowSeconds: 30 * 24 * 60 * 60 },
    /** Passkey sign-in ceremonies begun per IP address (each stores a challenge). */
    passkeyPerIp: { max: 30, windowSeconds: 10 * 60 },
  },
  inbox: {
    pageSize: 50,
    /** maxPage and searchMax, in a module of their own: see inbox-search-limits.ts. */
    ...INBOX_SEARCH_LIMITS,
    /** Rows one bulk action may touch. */
    bulkMax: 200,
    /** Members whose own list ('Bana Atanan') the start's warm-up reads (decision 032). */
    warmOwners: 20,
    /** Connections the start's warm-up searches on at once: on PostgreSQL, the first searches after
     * a start find a warm connection while the retention pass holds another (decision 032). */
    warmConnections: 2,
    exportMax: 10_000,
    /** An export of more rows than this is e-mailed to the owners (decision 231). */
    exportAlertAbove: 1000,
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
    /** Rows one retention statement may take (decision 184): a category's first batch takes
     * minBatchRows, later ones as many as its highest cost per row measured in this process fits in
     * half of the 100 ms a step may hold the database, between these two. */
    batchRows: 1000,
    minBatchRows: 10,
    /** After a pass that destroyed personal data, the statistics are renewed (decision 194); in
     * PGlite that ANALYZE waits for the database's quiet (database.maintenanceIdleSeconds), at most
     * this long, then runs anyway. */
    analyzeMaxWaitMinutes: 30,
    /** A pass holds the job this long past its latest batch; a killed pass's hold lapses after it. */
    leaseSeconds: 60,
    /** A pass skipped (another instance's under way) or failed is tried again this much later. */
    retryMinutes: 10,
  },
  spam: {
    /** A person needs longer than this from the page being served to the form being posted (the time
     * trap); SPAM_MIN_FILL_SECONDS may lower it for browser tests that type instantly. */
    minFillSeconds: 3,
    /** The same text from several addresses within this many hours is a mass mailing. */
    repeatWindowHours: 6,
    /** An outside check (Turnstile, Akismet) that has not answered by then is left out. */
    outsideTimeoutMs: 2000,
    /** The sender's domain's DNS check adds at most this to a post; later, it is left out. */
    domainCheckMs: 300,
    /** Answers about sender domains are remembered this long, for at most this many domains. */
    domainCacheMinutes: 60,
    domainCacheSize: 5000,
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
    /** A message opened again by the same person within this long adds no 'read' row. */
    openRecordSeconds: 60 * 60,
  },
  upload: {
    maxBytes: 5 * 1024 * 1024,
    maxPixels: 40_000_000,
    maxSide: 10_000,
    minSide: 16,
    cacheControlSeconds: 3600,
    /** An uploaded image no banner uses is deleted once it is this old (time enough to save it). */
    unusedKeepSeconds: 24 * 60 * 60,
    /** Widths of the AVIF and WebP copies made of every upload, up to the image's own width
     * (docs/decisions/040-banners.md): phones at 2–3 device pixels per CSS pixel pick 828–1280,
     * desktops 1280–2560. */
    variantWidths: [640, 828, 1080, 1280, 1600, 1920, 2560],
    /** The copies are never taller than the tallest hero (520 px) at three device pixels. */
    variantMaxHeight: 1560,
  },
  /** The site content staff edit (/admin/content). */
  content: {
    /** One-line fields: titles, names, roles, the phone. */
    lineMax: 200,
    /** Paragraphs and descriptions. */
    textMax: 1500,
    /** Search engines cut longer titles and descriptions anyway. */
    seoTitleMax: 90,
    seoDescriptionMax: 300,
    urlMax: 500,
    /** Items of each list section (services, industries, products, references). */
    itemsMin: 1,
    itemsMax: 12,
    addressLinesMin: 1,
    addressLinesMax: 5,
    /** The copyright year staff may set. */
    yearMin: 1990,
    yearMax: 2100,
    /** Published versions 'Geçmiş' lists. */
    historyMax: 50,
  },
  banner: {
    urlMax: 2048,
  },
  visits: {
    /** VISIT_RAW_DAYS when unset: raw page views kept this long, then only daily aggregates. */
    rawDefaultDays: 30,
    rawMaxDays: 400,
    /** A beacon's body: a few short fields. */
    beaconMaxBytes: 2048,
    /** utmMax, in a module of its own: see stats-search-limits.ts. */
    ...STATS_SEARCH_LIMITS,
    /** Time on page beyond this is not counted (a tab left open). */
    maxSeconds: 4 * 60 * 60,
    /** Screen widths below these are phones, then tablets; desktops from the second. */
    phoneMaxWidth: 767,
    tabletMaxWidth: 1199,
    /** The statistics page's tables show this many rows each. */
    tableRows: 10,
    /** The longest custom range (?from=&to=), in days. */
    rangeMaxDays: 731,
    /** Beacons' views wait in memory and are stored together this often, or at batchRows (decision 241). */
    flushMs: 250,
    batchRows: 500,
    /** Views waiting at most; beyond, a beacon is answered 503. */
    queueMaxRows: 20_000,
    /** Addresses the beacon's in-memory rate limit tracks per window at most; beyond, new ones wait. */
    limitMaxAddresses: 100_000,
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
    /** The log's lines wait at most this long to be written together, or until there are this
     * many characters of them (decision 262). */
    logBatchMs: 50,
    logBatchChars: 64 * 1024,
  },
  database: {
    /** Connections each server instance keeps to a PostgreSQL server (postgres and supabase modes),
     * plus one for LISTEN. Instances × (poolMax + 1) must stay under the server's max_connections
     * (Supabase's smallest plan: 60 direct, more through its pooler). */
    poolMax: 10,
    /** The embedded database's own upkeep (no autovacuum in PGlite; decision 078): a pass looks at
     * every table this often, and sooner, maintenanceQuietSeconds after a burst of at least
     * maintenanceBulkRows changed rows has ended. */
    maintenanceIntervalSeconds: 10 * 60,
    maintenanceBulkRows: 1_000,
    maintenanceQuietSeconds: 5,
    /** A table is vacuumed once its dead rows pass 50 + this share of its live rows, analyzed once
     * its changed rows pass 50 + analyzeShare (autovacuum's 0.2 and 0.1 would let each run grow
     * larger; small, frequent runs hold the one connection for less time). */
    vacuumShare: 0.02,
    analyzeShare: 0.05,
    /** A table larger than this (with its indexes) is vacuumed and analyzed only once the database
     * has had no query for maintenanceIdleSeconds: on PGlite such a statement holds the one
     * connection, and the whole process, for seconds (the messages at 100k: decision 078). */
    maintenanceLargeTableBytes: 8 * 1024 * 1024,
    maintenanceIdleSeconds: 60,
    /** Expired sessions and codes are deleted this many rows per statement. */
    sweepBatchRows: 500,
    /** A sign-in code is kept this long past its expiry (its row still throttles and explains). */
    codeKeepAfterExpirySeconds: 24 * 60 * 60,
  },
  mail: {
    /** More contact messages than this within floodWindowSeconds become one digest per admin, sent
     * when the window after the first one it holds has passed (docs/decisions/090-mail.md). */
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
    /** The one delivering worker's lease, renewed before each mail: longer than a delivery may take.
     * A mail whose delivery was cut off (the process died) is tried again after this long. */
    leaseSeconds: 30,
    /** Besides being woken (NOTIFY, a new code), the worker looks at the queue this often. */
    pollSeconds: 5,
    /** The login page says the code e-mail is late when it has not left after this long (an SMTP
     * server takes a mail in a second or two; by now two attempts have failed), and then asks again
     * every codeStatusPollSeconds until it has. */
    codeNoticeAfterSeconds: 15,
    codeStatusPollSeconds: 5,
    /** Delivered, expired and failed rows are deleted after this long. */
    keepSeconds: 7 * 24 * 60 * 60,
  },
  /** Saved replies ('Hazır Yanıtlar'): how many, and each one's title and texts (the database allows 120 and 10,000). */
  savedReplies: {
    max: 100,
    titleMax: 120,
    bodyMax: 5000,
  },
  replies: {
    /** Characters of one reply from the desk (the database allows 20,000). */
    bodyMax: 10_000,
    /** IMAP_POLL_SECONDS when unset, and its least: the mailbox is also read at once on IDLE's news. */
    imapPollDefaultSeconds: 60,
    imapPollMinSeconds: 5,
    /** Mails' headers read per IMAP FETCH, with a turn of the event loop between: one FETCH of
     * hundreds is parsed in one stretch that holds every request (decision 221). */
    imapFetchMails: 25,
    /** Characters kept of a visitor's answer read from the mailbox (the database's check). */
    answerBodyMax: 20_000,
    /** REPLY_DUE_HOURS when unset: a lead still unanswered this long sends staff one reminder. */
    dueDefaultHours: 24,
    /** How often the delivering process looks for leads past due. */
    reminderCheckSeconds: 5 * 60,
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
