// A signature as it leaves the server: its words, its writer's name, username and picture, and when.
// Never an account id, an email, or anything about the recipient beyond the address it was asked by.
import type { MySignature, PendingSignature, Signature } from '../../../shared/signatures';
import type { ObjectStorage } from '../../platform/storage';
import type { SignatureRow } from './list-signatures';
import type { OwnSignatureRow } from './write-signature';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function writerOf(row: SignatureRow, storage: ObjectStorage): Signature['writer'] {
  return {
    username: row.writerUsername,
    fullName: row.writerFullName,
    profilePictureUrl: row.writerPictureKey ? storage.publicUrl(row.writerPictureKey) : null,
  };
}

/** An approved signature in a yearbook; its owner may remove it. */
export function presentSignature(row: SignatureRow, storage: ObjectStorage, isOwner: boolean): Signature {
  return {
    id: row.id,
    content: row.content,
    writer: writerOf(row, storage),
    approvedAt: iso(row.updatedAt),
    viewer: { canRemove: isOwner },
  };
}

export function presentPendingSignature(row: SignatureRow, storage: ObjectStorage): PendingSignature {
  return { id: row.id, content: row.content, writer: writerOf(row, storage), updatedAt: iso(row.updatedAt) };
}

export function presentOwnSignature(row: OwnSignatureRow | null): MySignature {
  return {
    signature: row && {
      id: row.id,
      content: row.content,
      status: row.status,
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      approvedAt: row.approved_at === null ? null : iso(row.approved_at),
    },
  };
}
