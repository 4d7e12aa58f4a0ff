/** Cities and stores. */
import { defineEndpoint } from '../api/endpoint.ts'
import {
  CitiesSchema,
  CityQuerySchema,
  CitySchema,
  GeoAnswerSchema,
  GeoQuerySchema,
  StoreAddressQuerySchema,
  StoreQuerySchema,
  StoreSchema,
  StoreSearchQuerySchema,
  StoresNearPageSchema,
  StoresPageSchema,
} from '../models/stores.ts'

/** Stores whose address or name contains the words of `q`. */
export const searchStoresByAddress = defineEndpoint({
  name: 'stores.byAddress',
  gateway: 'web',
  method: 'GET',
  path: '/v1/store-search/address',
  auth: false,
  query: StoreAddressQuerySchema,
  response: StoresPageSchema,
})

/** The city of a point (or the default city) and the nearest store. */
export const guessCity = defineEndpoint({
  name: 'stores.geo',
  gateway: 'web',
  method: 'GET',
  path: '/geo',
  auth: false,
  query: GeoQuerySchema,
  response: GeoAnswerSchema,
})

/** Stores nearest to a point first, or all stores of a city. */
export const searchStores = defineEndpoint({
  name: 'stores.search',
  gateway: 'web',
  method: 'GET',
  path: '/v1/store-search',
  auth: false,
  query: StoreSearchQuerySchema,
  response: StoresNearPageSchema,
})

/** A city by its FIAS id; 404 `notFound` for an unknown one. */
export const getCityByFiasId = defineEndpoint({
  name: 'cities.byFiasId',
  gateway: 'web',
  method: 'GET',
  path: '/v1/cities/getbyfiasid',
  auth: false,
  query: CityQuerySchema,
  response: CitySchema,
})

/** Every city with stores. */
export const listCities = defineEndpoint({
  name: 'cities.list',
  gateway: 'web',
  method: 'GET',
  path: '/v1/cities',
  auth: false,
  response: CitiesSchema,
})

/** A store by its code; 404 `notFound` for an unknown one. */
export const getStore = defineEndpoint({
  name: 'stores.byCode',
  gateway: 'web',
  method: 'GET',
  path: '/v1/stores-facade/store',
  auth: false,
  query: StoreQuerySchema,
  response: StoreSchema,
})
