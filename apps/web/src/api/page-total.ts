// A list page's `total` as a number: the contract's page envelope may carry it as a string (a database count).
export const totalNumber = (total: number | string) =>
  typeof total === 'number' ? total : Number.parseInt(total, 10) || 0;
