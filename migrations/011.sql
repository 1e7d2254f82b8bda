-- Schema 11: reserved for a migration of another branch (renumbered on merge).
SELECT 1;
