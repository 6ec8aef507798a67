import { Link } from 'react-router'

/**
 * The brand mark: an emblem drawn here and the configured brand name. The link
 * is named by the words it shows (the space between the two lines keeps them
 * two words), so speaking what is seen selects it.
 */
export function Logo({ brand, tone = 'light' }: { brand: string; tone?: 'light' | 'dark' }) {
  const [first, ...rest] = brand.split(' ')
  return (
    <Link to="/" className={`logo logo--${tone}`}>
      <svg className="logo__mark" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
        <rect width="40" height="40" rx="10" fill="#0b1b33" />
        <circle cx="20" cy="20" r="11.5" fill="none" stroke="#c9a24a" strokeWidth="2.5" />
        <path d="M8.5 20h23M20 20v11.5" stroke="#c9a24a" strokeWidth="2.5" />
        <circle cx="20" cy="20" r="3.2" fill="#e3c578" />
      </svg>
      <span className="logo__text">
        <span className="logo__name">{first}</span>
        {rest.length ? (
          <>
            {' '}
            <span className="logo__sub">{rest.join(' ')}</span>
          </>
        ) : null}
      </span>
    </Link>
  )
}
