/**
 * The mock gateway's configuration, parsed once from the environment with zod. A bad value stops
 * start-up with one line naming the variable. Nothing else in mock-gateway/ reads `process.env`.
 */
import { z } from 'zod'
import { DEFAULT_AUD } from '#shared/constants.ts'
import { FaultSchema } from './faults.ts'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const port = z.coerce.number().int().min(0).max(65535)
const origin = z
  .string()
  .url()
  .transform((value) => new URL(value).origin)

/** Environment variables of the mock gateway, with their defaults. */
export const MockEnvSchema = z.object({
  PRODUCT: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/)
    .default('aurora'),
  MOCK_GATEWAY_PORT: port.default(4010),
  MOCK_GATEWAY_HOST: z.string().min(1).default('127.0.0.1'),
  MOCK_OTP_CODE: z
    .string()
    .regex(/^\d{5}$/)
    .default('12345'),
  MOCK_ACCESS_TTL_S: z.coerce.number().int().positive().default(900),
  MOCK_FAULTS: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      try {
        return z.array(FaultSchema).parse(JSON.parse(text))
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'expected a JSON array of faults ({ path, status?, delayMs?, mode? })',
        })
        return z.NEVER
      }
    }),
  ANTIFRAUD: z.enum(['on', 'off']).default('off'),
  MOCK_AUD: z.string().min(1).optional(),
  /** The store's own variable: `AUD=… npm start` sets the audience of both processes. */
  AUD: z.string().min(1).optional(),
  MOCK_PUBLIC_URL: origin.optional(),
  MOCK_STOREFRONT_ORIGIN: origin.default('http://127.0.0.1:3000'),
  MOCK_SEED: z.coerce.number().int().nonnegative().default(20250301),
  MOCK_NOW: z
    .string()
    .datetime({ offset: true })
    .transform((value) => Date.parse(value))
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  MOCK_JOURNAL_SIZE: z.coerce.number().int().min(0).max(100_000).default(200),
  MOCK_STUBS: z.string().min(1).optional(),
  MOCK_STATE: z.string().min(1).optional(),
  MOCK_RECORD: z
    .string()
    .url()
    .transform((value) => value.replace(/\/+$/, ''))
    .optional(),
  MOCK_CONTRACT: z.enum(['enforce', 'warn']).default('enforce'),
  MOCK_RECORD_BODY_FIELDS: z
    .string()
    .regex(/^(?:\*|none|[A-Za-z_$][\w$.-]*(?:,[A-Za-z_$][\w$.-]*)*)$/, 'a comma list of body fields, * or none')
    .default('*'),
})

/** The parsed configuration of one mock gateway. */
export interface MockConfig {
  /** Brand slug: the id gateway lives under `/{product}-id`, the login code field is `{product}IDCode`. */
  readonly product: string
  readonly port: number
  readonly host: string
  readonly otpCode: string
  readonly accessTtlS: number
  readonly faults: readonly z.infer<typeof FaultSchema>[]
  readonly antifraud: boolean
  /** The audience the login calls must carry (spec section 3: the store's `aud`, the loyalty web client's). */
  readonly aud: string
  /** The mock's own public origin, for payment-form links; derived from the listening port when unset. */
  readonly publicUrl: string | undefined
  /** The storefront origin the payment form may send the browser back to. */
  readonly storefrontOrigin: string
  readonly seed: number
  /** A clock that stands still at this instant (ms), for screenshots with fixed dates; undefined: real time. */
  readonly now: number | undefined
  readonly logLevel: (typeof LOG_LEVELS)[number]
  /** Calls kept by the request journal (`GET /__mock/requests`); 0 keeps none. */
  readonly journalSize: number
  /** A folder of stub files loaded at start (and where recorded stubs are written). */
  readonly stubsDir: string | undefined
  /** A state file (`GET /__mock/state`) imported at start (`npm run repro`). */
  readonly stateFile: string | undefined
  /** A real gateway's origin: calls no stub answers are proxied there and saved as stub files. */
  readonly record: string | undefined
  /**
   * `enforce`: stubs, recordings and state imports whose bodies break the OpenAPI contract are refused;
   * `warn`: they are served and the journal marks them.
   */
  readonly contract: 'enforce' | 'warn'
  /**
   * What keys a recorded POST, PUT or PATCH by its JSON body: `*` every top-level field, `none` no
   * field, or a comma list (`phone,aud`, `address.city`). Secret fields are kept as their sha256.
   */
  readonly recordBodyFields: '*' | readonly string[]
}

/** Thrown for a bad environment value; its message is the one line to print. */
export class MockConfigError extends Error {
  override readonly name = 'MockConfigError'
}

/** Parses the environment; throws MockConfigError naming the first bad variable. */
export function parseMockConfig(env: Record<string, string | undefined>): MockConfig {
  const picked = Object.fromEntries(
    Object.keys(MockEnvSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  )
  const parsed = MockEnvSchema.safeParse(picked)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new MockConfigError(`Invalid ${String(issue?.path[0] ?? 'environment')}: ${issue?.message ?? 'bad value'}`)
  }
  const e = parsed.data
  return Object.freeze({
    product: e.PRODUCT,
    port: e.MOCK_GATEWAY_PORT,
    host: e.MOCK_GATEWAY_HOST,
    otpCode: e.MOCK_OTP_CODE,
    accessTtlS: e.MOCK_ACCESS_TTL_S,
    faults: Object.freeze(e.MOCK_FAULTS),
    antifraud: e.ANTIFRAUD === 'on',
    aud: e.MOCK_AUD ?? e.AUD ?? DEFAULT_AUD,
    publicUrl: e.MOCK_PUBLIC_URL,
    storefrontOrigin: e.MOCK_STOREFRONT_ORIGIN,
    seed: e.MOCK_SEED,
    now: e.MOCK_NOW,
    logLevel: e.LOG_LEVEL,
    journalSize: e.MOCK_JOURNAL_SIZE,
    stubsDir: e.MOCK_STUBS,
    stateFile: e.MOCK_STATE,
    record: e.MOCK_RECORD,
    contract: e.MOCK_CONTRACT,
    recordBodyFields:
      e.MOCK_RECORD_BODY_FIELDS === '*'
        ? '*'
        : e.MOCK_RECORD_BODY_FIELDS === 'none'
          ? []
          : Object.freeze(e.MOCK_RECORD_BODY_FIELDS.split(',')),
  })
}

/** The default configuration with some values changed (for tests and in-process use). */
export const mockConfig = (overrides: Partial<MockConfig> = {}): MockConfig =>
  Object.freeze({ ...parseMockConfig({}), ...overrides })
