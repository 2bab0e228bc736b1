/** How a REST request's path appears in a log line. */

/**
 * `path` (a URL or a route such as `/api/v10/channels/1/messages`) without its query, and with any segment longer
 * than 32 characters (an interaction or webhook token; ids are at most 20 digits) replaced by `:token`, so a log
 * line never carries a token.
 */
export function pathForLog(path: string): string {
  const pathname = path.includes('://') ? new URL(path).pathname : (path.split('?')[0] ?? '');
  return pathname
    .split('/')
    .map((segment) => (segment.length > 32 ? ':token' : segment))
    .join('/');
}
