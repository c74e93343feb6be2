// Pure helpers used on both sides (spec §5, §9).
export {};
