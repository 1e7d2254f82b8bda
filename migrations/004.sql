-- Schema 4: held for another branch's migration (the mail rework); this
-- build changes nothing at version 4. When that migration is merged it
-- takes this file's place.
SELECT 1;
