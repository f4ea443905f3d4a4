-- The first version of each legal agreement type (workspace-and-catalogue.md §3). A later version is a new row
-- with a higher version number; consents always point at the exact version a user agreed to.

INSERT INTO legal_agreements (id, type, version, title, body, effective_at) VALUES
(
  'studio-tos-v1', 'studio-tos', 1, 'Atlas Studio Terms of Service',
  'These terms govern your use of Atlas Studio. You keep ownership of the data, maps and other content you upload or create, and you grant us only the rights needed to store, process and display it for you and for the people you share it with. You are responsible for having the right to use the data you bring, for keeping your account credentials and API keys secret, and for what is done with them. Do not use the studio to break the law, to harm others or to disrupt the service. We may suspend accounts that do. The service is provided as is; we work to keep it available and your data safe, but we do not promise that it will be free of interruptions or errors. We may update these terms; when we do, we will ask you to accept the new version before you continue.',
  '2025-01-01T00:00:00Z'
),
(
  'fsq-sample-data-v1', 'fsq-sample-data', 1, 'Sample Data Terms',
  'Atlas Studio includes sample datasets so that you can try its features. Sample data is provided for evaluation, learning and demonstration only. You may view it, build maps and dashboards with it and share those within your organization, but you may not sell it, redistribute it in bulk or use it to make decisions that affect people. Sample data may be incomplete, out of date or synthetic, and is provided without any warranty. We may change or remove sample datasets at any time.',
  '2025-01-01T00:00:00Z'
),
(
  'fsq-bi-v1', 'fsq-bi', 1, 'Business Intelligence Data Terms',
  'The analytic sets in Atlas Studio give your organization aggregated insights about places and movement, such as visit trends, audiences and cross-visitation. The results are statistical estimates built from aggregated, de-identified data; they never describe an individual, and you must not try to identify, single out or contact any person from them. You may use the results for your organization''s internal analysis and reporting. Sharing them outside your organization, or exporting them where export is enabled, is allowed only as your agreement with us permits. Estimates can be wrong; check them before relying on them for important decisions.',
  '2025-01-01T00:00:00Z'
),
(
  'fsq-despp-v1', 'fsq-despp', 1, 'Data Export and Processing Terms',
  'When you export data from Atlas Studio or connect it to your own warehouse or storage, you become responsible for the exported copy: keep it secure, use it only for the purposes your organization agreed to, and delete it when those purposes end. When the studio processes personal data on your behalf, we act as your processor: we process it only on your instructions, keep it confidential, protect it with appropriate security measures, tell you without undue delay about any breach, and help you answer requests from the people it concerns. At the end of the service we delete or return that data, as you choose.',
  '2025-01-01T00:00:00Z'
);
