-- A dashboard embedded with a provider's tokens is of that provider's type (TYPE_OF_EMBED_MODE in
-- contracts/src/api/dashboards.ts): rows saved before the server derived it could say otherwise (a Metabase
-- dashboard had to be typed 'Custom'). They take the type their mode decides; url-mode rows keep theirs.
UPDATE "dashboards" SET "type" = CASE "embed_mode"
    WHEN 'powerbi' THEN 'PowerBI'
    WHEN 'tableau' THEN 'Tableau'
    WHEN 'metabase' THEN 'Metabase'
  END
WHERE "embed_mode" IN ('powerbi', 'tableau', 'metabase')
  AND "type" IS DISTINCT FROM CASE "embed_mode"
    WHEN 'powerbi' THEN 'PowerBI'
    WHEN 'tableau' THEN 'Tableau'
    WHEN 'metabase' THEN 'Metabase'
  END;
