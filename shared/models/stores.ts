/** Cities and stores: store search by text and by point, the city guess, a store by code. */
import * as z from 'zod/mini'
import { pageOf, queryInt, queryNumber, PAGE_SIZE_MAX } from './common.ts'

/** A city, identified by its FIAS id (the Russian address register). */
export const CitySchema = z.object({
  fiasId: z.string().check(z.minLength(1)),
  name: z.string(),
  region: z.string(),
  lat: z.number(),
  lon: z.number(),
})
export type City = z.infer<typeof CitySchema>

/** Store kinds: a shop with shelves, or a pickup point for online orders only. */
export const STORE_TYPES = ['shop', 'pickup-point'] as const
export const StoreTypeSchema = z.enum(STORE_TYPES)
export type StoreType = z.infer<typeof StoreTypeSchema>

/** Opening hours of one day (`day` 1 = Monday … 7 = Sunday); `null` times mean closed. */
export const OpeningHoursSchema = z.object({
  day: z.int().check(z.minimum(1), z.maximum(7)),
  opens: z.nullable(z.string().check(z.regex(/^\d{2}:\d{2}$/))),
  closes: z.nullable(z.string().check(z.regex(/^\d{2}:\d{2}$/))),
})
export type OpeningHours = z.infer<typeof OpeningHoursSchema>

/** A store. */
export const StoreSchema = z.object({
  code: z.string().check(z.minLength(1)),
  name: z.string(),
  type: StoreTypeSchema,
  address: z.string(),
  city: CitySchema,
  lat: z.number(),
  lon: z.number(),
  phone: z.string(),
  /** A short human form of the hours (`Ежедневно 09:00–22:00`). */
  schedule: z.string(),
  openingHours: z.array(OpeningHoursSchema),
  /** Whether online orders can be picked up here. */
  isPickupAvailable: z.boolean(),
})
export type Store = z.infer<typeof StoreSchema>

/** A store found near a point, with its distance. */
export const StoreWithDistanceSchema = z.extend(StoreSchema, { distanceMeters: z.int().check(z.nonnegative()) })
export type StoreWithDistance = z.infer<typeof StoreWithDistanceSchema>

/** `GET /v1/store-search/address?q=`: stores whose address or name contains the words of `q`. */
export const StoreAddressQuerySchema = z.object({
  q: z.string().check(z.maxLength(200)),
  cityFiasId: z.optional(z.string()),
  type: z.optional(StoreTypeSchema),
  page: z.optional(queryInt(1)),
  pageSize: z.optional(queryInt(1).check(z.maximum(PAGE_SIZE_MAX))),
})

/** A page of stores. */
export const StoresPageSchema = pageOf(StoreSchema)

/**
 * `GET /v1/store-search`: stores nearest to a point first (all of a city when only `cityFiasId`
 * is given, ordered by name).
 */
export const StoreSearchQuerySchema = z.object({
  lat: z.optional(queryNumber().check(z.minimum(-90), z.maximum(90))),
  lon: z.optional(queryNumber().check(z.minimum(-180), z.maximum(180))),
  cityFiasId: z.optional(z.string()),
  type: z.optional(StoreTypeSchema),
  /** Only stores within this many metres of the point. */
  radiusMeters: z.optional(queryInt(1)),
  page: z.optional(queryInt(1)),
  pageSize: z.optional(queryInt(1).check(z.maximum(PAGE_SIZE_MAX))),
})

/** A page of stores with distances (`distanceMeters` is 0 when no point was given). */
export const StoresNearPageSchema = pageOf(StoreWithDistanceSchema)

/**
 * `GET /geo?lat=&lon=`: the city of a point; without one (or far from all cities), the city of the
 * client address the storefront passes as `X-Forwarded-For`; else the default city.
 */
export const GeoQuerySchema = z.object({
  lat: z.optional(queryNumber().check(z.minimum(-90), z.maximum(90))),
  lon: z.optional(queryNumber().check(z.minimum(-180), z.maximum(180))),
})

/** The guessed city and the nearest store in it. */
export const GeoAnswerSchema = z.object({
  city: CitySchema,
  /** How the city was found: the given point, the client address, or neither (the default city). */
  source: z.enum(['point', 'address', 'default']),
  nearestStore: z.nullable(StoreWithDistanceSchema),
})

/** `GET /v1/cities/getbyfiasid?fiasId=`. */
export const CityQuerySchema = z.object({ fiasId: z.string().check(z.minLength(1)) })

/** `GET /v1/cities`: every city with stores, and how many. */
export const CitiesSchema = z.object({
  items: z.array(z.extend(CitySchema, { storesCount: z.int().check(z.nonnegative()) })),
})
export type Cities = z.infer<typeof CitiesSchema>

/** `GET /v1/stores-facade/store?code=`. */
export const StoreQuerySchema = z.object({ code: z.string().check(z.minLength(1)) })
