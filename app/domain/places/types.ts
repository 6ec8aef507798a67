/**
 * The places the company serves: the two airports, the 39 districts of
 * Istanbul and the served cities.
 */
export type AirportCode = 'iga' | 'saw'
export type PlaceKind = 'airport' | 'district' | 'city'

/** A served city, folded to plain Latin lower case (the allowed-city names). */
export type CityKey =
  | 'istanbul'
  | 'bursa'
  | 'yalova'
  | 'kocaeli'
  | 'sapanca'
  | 'sakarya'
  | 'bolu'
  | 'canakkale'
  | 'antalya'
  | 'izmir'
  | 'aydin'
  | 'mugla'

export interface Place {
  /** Fixed ids: 1 Istanbul Airport, 2 Sabiha Gökçen, 1000-1038 districts, 2000+ cities. */
  id: number
  kind: PlaceKind
  /** Airports only: the price table key ('iga' also answers to 'ist'). */
  airport?: AirportCode
  name: { en: string; tr: string }
  /** The city the place belongs to: decides intercity versus within-city pricing. */
  city: CityKey
  lat: number
  lng: number
  /** Other names travellers type, folded (lower case, Turkish letters to Latin). */
  aliases: string[]
}
