// A Map kept to a bound by insertion order, for the process's small caches (the trainings being answered, the
// questions shown next): setting a key makes it the newest entry, and the oldest goes once the bound is passed.

/** Sets `key` as the map's newest entry and drops the oldest beyond `max`; a `max` of 0 or less keeps nothing. */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (max <= 0) return;
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}
