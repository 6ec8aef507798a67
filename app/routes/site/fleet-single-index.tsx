import { redirect } from 'react-router'

/** The seed links a bare /fleet-single: it opens the first class. */
export function loader() {
  return redirect('/fleet-single/1', 301)
}
