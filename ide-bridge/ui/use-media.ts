// Whether a media query matches now, followed as the window is resized (the IDE's tool window is
// dragged between 300 and 600 px).

import { useEffect, useState } from 'preact/hooks';

export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(() => matchMedia(query).matches);
  useEffect(() => {
    const list = matchMedia(query);
    const follow = () => setMatches(list.matches);
    follow();
    list.addEventListener('change', follow);
    return () => list.removeEventListener('change', follow);
  }, [query]);
  return matches;
}
