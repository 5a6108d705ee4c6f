// The two helpers of exceljs 4.4.0 that the XLSX export's row writer shares with exceljs's own
// row path (export-writer.ts): its XML text encoding and its column letters.
declare module 'exceljs/lib/utils/utils.js' {
  const utils: { xmlEncode(text: string): string };
  export default utils;
}

declare module 'exceljs/lib/utils/col-cache.js' {
  const colCache: { n2l(column: number): string };
  export default colCache;
}
