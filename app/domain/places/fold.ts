/**
 * Folds text for city extraction and place matching: lower case, Turkish letters
 * to plain Latin, accents dropped, punctuation to spaces, spaces collapsed.
 * 'Sabiha Gökçen Havalimanı' → 'sabiha gokcen havalimani'.
 */
const turkish: Record<string, string> = {
  ı: 'i',
  İ: 'i',
  I: 'i',
  ş: 's',
  Ş: 's',
  ğ: 'g',
  Ğ: 'g',
  ü: 'u',
  Ü: 'u',
  ö: 'o',
  Ö: 'o',
  ç: 'c',
  Ç: 'c',
  â: 'a',
  Â: 'a',
  î: 'i',
  û: 'u',
}

export function fold(text: string): string {
  return text
    .replace(/[ıİIşŞğĞüÜöÖçÇâÂîû]/g, (letter) => turkish[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9/]+/g, ' ')
    .trim()
}
