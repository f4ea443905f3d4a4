// The owning user as lists show it (OwnerSummary: id and name, never the e-mail), for datasets, records and map assets.

/** A select-list item reading `{id, name}` of the owner of the row aliased `alias` (its owner_id column) as `owner`. */
export const ownerOf = (alias: string) => `(SELECT jsonb_build_object('id', u.id, 'name', u.name) FROM users u WHERE u.id = ${alias}.owner_id) AS owner`;
