// A game's static JSON bundle (card names, pictures), fetched once and shared by every caller;
// a fetch that failed is tried again on the next call instead of failing for good.
export function bundleLoader(url) {
  let loading = null;
  return () => {
    if (!loading) {
      loading = fetch(url)
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
        .catch((error) => {
          loading = null;
          throw error;
        });
    }
    return loading;
  };
}
