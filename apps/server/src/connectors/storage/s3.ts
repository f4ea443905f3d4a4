// Amazon S3 and S3-compatible servers (MinIO, …) with @aws-sdk/client-s3. Requests are signed with the connection's
// own key only: without its secret access key the connection is refused, never signed with the server's AWS
// credentials. The endpoint is the connection's (an S3-compatible server) or the region's AWS endpoint, always given
// explicitly (an AWS_ENDPOINT_URL of the server never redirects it); its host is checked against network.ts, and
// every socket the client opens dials an address network.ts allows. The stored secret is bound to the options,
// endpoint included (modules/data-connections/secrets.ts), so it never goes to an endpoint it was not entered for.
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListBucketsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { S3ConnectionOptions } from '@atlas/domain';
import type { ConnectionTarget } from '../types.js';
import { checkedAgents, connectableAddress } from '../network.js';
import { CONNECT_TIMEOUT_MS, DELIMITER, couldNotConnect, objectNotFound, storeError } from './common.js';
import type { ListRequest, StorageDriver, StorageObject, StoragePage } from './types.js';

// AWS region names become part of the endpoint's host name; an S3-compatible server's region is only signed.
const AWS_REGION = /^[a-z]{2}(-[a-z]+)+-\d{1,2}$/;
const SIGNED_REGION = /^[a-z0-9-]{1,64}$/i;

/** AWS's regional S3 endpoint (China's regions are on amazonaws.com.cn). */
export const awsS3Endpoint = (region: string) => `https://s3.${region}.amazonaws.com${region.startsWith('cn-') ? '.cn' : ''}`;

type Failure = { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
const statusOf = (error: unknown) => (error as Failure).$metadata?.httpStatusCode;

/** The SDK's error as `Name: message` (its message alone is often empty for HEAD-like answers). */
const named = (error: unknown) => new Error(`${(error as Failure).name ?? 'Error'}: ${(error as Failure).message ?? ''}`);

async function openClient(target: ConnectionTarget): Promise<S3Client> {
  const settings = target.options as S3ConnectionOptions;
  const custom = settings.endpoint !== undefined;
  if (!(custom ? SIGNED_REGION : AWS_REGION).test(settings.region)) throw couldNotConnect(`"${settings.region}" is not an AWS region name (such as eu-west-1)`);
  const secretAccessKey = target.password();
  if (!secretAccessKey || !settings.accessKeyId) throw couldNotConnect('An S3 connection needs its access key id and secret access key');
  const endpoint = settings.endpoint ?? awsS3Endpoint(settings.region);
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw couldNotConnect('The endpoint is an http(s) address');
  // Checked here too, as a host given as an address is dialled without a lookup.
  await connectableAddress(url.hostname, target.allowedHosts);
  return new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: settings.forcePathStyle === true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey },
    followRegionRedirects: false,
    requestHandler: { ...checkedAgents(target.allowedHosts), connectionTimeout: CONNECT_TIMEOUT_MS },
  });
}

async function withClient<T>(target: ConnectionTarget, what: string, work: (client: S3Client) => Promise<T>): Promise<T> {
  const client = await openClient(target);
  try {
    return await work(client);
  } catch (error) {
    throw storeError(named(error), target, statusOf(error), what);
  } finally {
    client.destroy();
  }
}

export const s3Driver: StorageDriver = {
  listBuckets(target, { pageToken, pageSize }): Promise<StoragePage> {
    return withClient(target, 'Could not list the buckets', async (client) => {
      const answer = await client.send(new ListBucketsCommand({ MaxBuckets: pageSize, ContinuationToken: pageToken }));
      const items = (answer.Buckets ?? []).map((bucket) => ({ kind: 'bucket' as const, key: bucket.Name ?? '' }));
      return { items, nextPageToken: answer.ContinuationToken ?? null };
    });
  },

  listObjects(target, { bucket, prefix, pageToken, pageSize }: ListRequest): Promise<StoragePage> {
    return withClient(target, 'Could not list the objects', async (client) => {
      const answer = await client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, Delimiter: DELIMITER, MaxKeys: pageSize, ContinuationToken: pageToken }),
      );
      const folders = (answer.CommonPrefixes ?? []).map((folder) => ({ kind: 'folder' as const, key: folder.Prefix ?? '' }));
      const objects = (answer.Contents ?? []).map((object) => ({
        kind: 'object' as const,
        key: object.Key ?? '',
        size: object.Size ?? 0,
        ...(object.LastModified ? { lastModified: object.LastModified.toISOString() } : {}),
      }));
      return { items: [...folders, ...objects], nextPageToken: answer.IsTruncated ? (answer.NextContinuationToken ?? null) : null };
    });
  },

  async openObject(target, bucket, key): Promise<StorageObject> {
    const client = await openClient(target);
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const body = answer.Body as Readable;
      // The client's sockets go when the body is done with.
      body.once('close', () => client.destroy());
      return { body, size: answer.ContentLength ?? null, contentType: answer.ContentType ?? null };
    } catch (error) {
      client.destroy();
      const name = (error as Failure).name;
      if (name === 'NoSuchKey' || (statusOf(error) === 404 && name !== 'NoSuchBucket')) throw objectNotFound(bucket, key);
      throw storeError(named(error), target, statusOf(error), 'Could not read the object');
    }
  },
};
