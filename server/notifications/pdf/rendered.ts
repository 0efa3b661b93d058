import 'server-only';
import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { renderedDocuments } from '../../db/schema/documents';
import type { Db } from '../../db/open-db';
import { inTransaction } from '../../db/transaction';
import type { OrderDocumentKind } from '../../orders/document-links';
import type { Services } from '../../services';
import type { RenderPatience } from './render-queue';

/** A document as its data makes it, before anything is rendered. */
export interface DocumentSpec {
  /** The order of an invoice or a booking confirmation; the voucher of a voucher. */
  ownerId: string;
  kind: OrderDocumentKind;
  fileName: string;
  /** The renderer's layout number: a change to what it draws bumps it, so stored renders are made anew. */
  layout: number;
  /** Everything the document prints, as plain data (dates, texts, amounts, the site's details). */
  printed: unknown;
  render(): Promise<Buffer>;
}

export interface RenderedDocument {
  fileName: string;
  content: Uint8Array;
  /** The document's version, also its strong ETag: a hash of its kind, layout and printed data. */
  version: string;
}

/** The version of a document: it changes exactly when what the document prints (or how) changes. */
export function documentVersion(spec: Pick<DocumentSpec, 'kind' | 'layout' | 'printed'>): string {
  return createHash('sha256').update(JSON.stringify([spec.kind, spec.layout, spec.printed])).digest('base64url').slice(0, 32);
}

/**
 * The document's bytes: the stored render of this version, or a new render stored for every later
 * request and e-mail. In this process one caller renders and the others asking meanwhile wait for
 * it; another replica (or a job) rendering the same at the same moment stores nothing, and both
 * answer the bytes stored first. A new version replaces the older ones of the document. A request
 * that finds no render free in time gets `server_busy`.
 */
export async function renderedDocument(
  services: Pick<Services, 'clock' | 'db' | 'renders'>,
  spec: DocumentSpec,
  patience: RenderPatience,
): Promise<RenderedDocument> {
  const version = documentVersion(spec);
  // Requests share a render with requests only: one that joined a job's patient wait could wait unbounded.
  const content = await services.renders.once(`${patience}:${spec.ownerId}/${spec.kind}/${version}`, async () => {
    const { db } = await services.db();
    const stored = await storedContent(db, spec, version);
    if (stored) return stored;
    const rendered = await services.renders.run(() => spec.render(), patience);
    return inTransaction(db, async (tx) => {
      const [kept] = await tx
        .insert(renderedDocuments)
        .values({ ownerId: spec.ownerId, kind: spec.kind, version, content: rendered, createdAt: services.clock.now() })
        .onConflictDoNothing()
        .returning({ version: renderedDocuments.version });
      if (!kept) return (await storedContent(tx, spec, version)) ?? rendered;
      await tx
        .delete(renderedDocuments)
        .where(and(eq(renderedDocuments.ownerId, spec.ownerId), eq(renderedDocuments.kind, spec.kind), ne(renderedDocuments.version, version)));
      return rendered;
    });
  });
  return { fileName: spec.fileName, content, version };
}

async function storedContent(db: Pick<Db, 'select'>, spec: DocumentSpec, version: string): Promise<Uint8Array | undefined> {
  const [row] = await db
    .select({ content: renderedDocuments.content })
    .from(renderedDocuments)
    .where(and(eq(renderedDocuments.ownerId, spec.ownerId), eq(renderedDocuments.kind, spec.kind), eq(renderedDocuments.version, version)));
  return row?.content;
}
