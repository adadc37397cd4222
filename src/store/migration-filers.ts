/** Who filed a request on someone else's behalf (the Access Service records only whom it is for). */
export const filers = (): string => `
    ALTER TABLE bot_requests ADD COLUMN filed_by TEXT;
    ALTER TABLE bot_requests ADD COLUMN filed_by_name TEXT;
    CREATE INDEX bot_requests_filer ON bot_requests (filed_by, requested_at)
      WHERE filed_by IS NOT NULL;
  `;
