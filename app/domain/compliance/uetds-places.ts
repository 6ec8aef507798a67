/**
 * Where a ride starts and ends, as the Ministry's passenger list names it: the
 * province by its plate number and the district by its national registry
 * (MERNIS) code, from the district list the U-ETDS documents publish. The
 * service has no lookup of its own, so the codes of every place the company
 * serves live here, keyed by the gazetteer's place ids
 * (app/domain/places/gazetteer.json). An airport is filed as the district it
 * stands in, the airport named in the free-text place beside it; a city as its
 * central district. A place missing here is filed by hand (docs/compliance.md).
 */
export interface UetdsDistrict {
  /** The province's plate number: 34 Istanbul. */
  province: number
  /** The district's MERNIS code: 1421 Kadıköy. */
  district: number
}

export const uetdsDistricts: Readonly<Record<number, UetdsDistrict>> = {
  // Istanbul Airport stands in Arnavutköy; Sabiha Gökçen in Pendik.
  1: { province: 34, district: 2048 },
  2: { province: 34, district: 1835 },
  1000: { province: 34, district: 1103 }, // Adalar
  1001: { province: 34, district: 2048 }, // Arnavutköy
  1002: { province: 34, district: 2049 }, // Ataşehir
  1003: { province: 34, district: 2003 }, // Avcılar
  1004: { province: 34, district: 2004 }, // Bağcılar
  1005: { province: 34, district: 2005 }, // Bahçelievler
  1006: { province: 34, district: 1166 }, // Bakırköy
  1007: { province: 34, district: 2050 }, // Başakşehir
  1008: { province: 34, district: 1886 }, // Bayrampaşa
  1009: { province: 34, district: 1183 }, // Beşiktaş
  1010: { province: 34, district: 1185 }, // Beykoz
  1011: { province: 34, district: 2051 }, // Beylikdüzü
  1012: { province: 34, district: 1186 }, // Beyoğlu
  1013: { province: 34, district: 1782 }, // Büyükçekmece
  1014: { province: 34, district: 1237 }, // Çatalca
  1015: { province: 34, district: 2052 }, // Çekmeköy
  1016: { province: 34, district: 2016 }, // Esenler
  1017: { province: 34, district: 2053 }, // Esenyurt
  1018: { province: 34, district: 1325 }, // Eyüpsultan
  1019: { province: 34, district: 1327 }, // Fatih
  1020: { province: 34, district: 1336 }, // Gaziosmanpaşa
  1021: { province: 34, district: 2010 }, // Güngören
  1022: { province: 34, district: 1421 }, // Kadıköy
  1023: { province: 34, district: 1810 }, // Kağıthane
  1024: { province: 34, district: 1449 }, // Kartal
  1025: { province: 34, district: 1823 }, // Küçükçekmece
  1026: { province: 34, district: 2012 }, // Maltepe
  1027: { province: 34, district: 1835 }, // Pendik
  1028: { province: 34, district: 2054 }, // Sancaktepe
  1029: { province: 34, district: 1604 }, // Sarıyer
  1030: { province: 34, district: 1622 }, // Silivri
  1031: { province: 34, district: 2014 }, // Sultanbeyli
  1032: { province: 34, district: 2055 }, // Sultangazi
  1033: { province: 34, district: 1659 }, // Şile
  1034: { province: 34, district: 1663 }, // Şişli
  1035: { province: 34, district: 2015 }, // Tuzla
  1036: { province: 34, district: 1852 }, // Ümraniye
  1037: { province: 34, district: 1708 }, // Üsküdar
  1038: { province: 34, district: 1739 }, // Zeytinburnu
  2000: { province: 16, district: 1832 }, // Bursa: Osmangazi
  2001: { province: 77, district: 1716 }, // Yalova: Merkez
  2002: { province: 41, district: 2062 }, // Kocaeli: İzmit
  2003: { province: 54, district: 1595 }, // Sapanca
  2004: { province: 54, district: 2068 }, // Sakarya: Adapazarı
  2005: { province: 14, district: 1199 }, // Bolu: Merkez
  2006: { province: 17, district: 1230 }, // Çanakkale: Merkez
  2007: { province: 7, district: 2039 }, // Antalya: Muratpaşa
  2008: { province: 35, district: 1819 }, // İzmir: Konak
  2009: { province: 9, district: 2076 }, // Aydın: Efeler
  2010: { province: 48, district: 2089 }, // Muğla: Menteşe
}

export function uetdsDistrictOf(placeId: number): UetdsDistrict | undefined {
  return uetdsDistricts[placeId]
}
