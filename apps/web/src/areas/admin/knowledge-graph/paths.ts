// Addresses of the knowledge-graph admin pages (docs/web.md "Knowledge graph").
export const graphGroupsPath = '/admin/knowledgraph/groups';
export const graphAddItemsPath = (groupId: string) => `/admin/knowledgraph/group/${groupId}/create`;
export const graphItemsPath = (groupId: string) => `/admin/knowledgraph/group/${groupId}/items`;
export const graphPreviewPath = (groupId: string) => `/admin/knowledgraph/group/${groupId}/preview`;
export const graphStatsPath = (groupId: string) => `/admin/knowledgraph/group/${groupId}/stats`;
export const graphItemPath = (itemId: string) => `/admin/knowledgraph/item/${itemId}/modify`;
