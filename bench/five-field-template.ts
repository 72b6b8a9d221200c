/**
 * The 5-field modify template the batch and dry-run benches bind: two fields with helpers (`upper`,
 * `default`), two script fields (HTML-escaped), plain `{{name}}` text elsewhere.
 */
export const FIVE_FIELD_MODIFY = {
  projectId: 'p-base',
  updates: {
    title: 'Hello {{firstName}}!',
    title_1: '{{upper company}}',
    subtitles: '{{city}} · {{default nickname "friend"}}',
    scripts_0: '<p>Hi {{firstName}} from {{city}}, welcome to {{company}}.</p>',
    scripts_1: '<p>{{firstName}}, your offer: {{offer}}.</p>',
  },
  isExport: true,
};
