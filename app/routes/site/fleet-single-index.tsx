import { redirect } from 'react-router'

/** Links may point at a bare /fleet-single: it opens the first class. */
export function loader() {
  return redirect('/fleet-single/1', 301)
}
