-- A version of engine data may be several Parquet files read as one (docs/panel-append.md): rows appended to a
-- version are a file of their own after the previous version's files (hard links, not copies), so an append writes
-- only the new rows. parquet_file is the first file, parquet_parts the others in order.
ALTER TABLE engine_data ADD COLUMN parquet_parts text[] NOT NULL DEFAULT '{}';
