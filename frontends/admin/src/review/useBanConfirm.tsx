import { REVIEW_MESSAGES, type BanRequest } from '@b2g/contracts';
import { ConfirmDialog } from '@b2g/ui';
import { toast, useMutation, useQueryClient } from '@b2g/web-platform';
import { useState, type ReactNode } from 'react';
import { toastFailure } from '../admin/adminApi.js';
import { addBan, refreshReview } from '../admin/reviewApi.js';
import { BAN_KIND_LABELS } from './reviewText.js';

/**
 * Adding a ban, after a confirmation that says what it does: the pending and live posts it covers
 * are rejected, and later posts from it are refused. `ask` opens the confirmation; `dialog` is it.
 */
export function useBanConfirm(onAdded?: () => void): {
  ask: (ban: BanRequest) => void;
  dialog: ReactNode;
  pending: boolean;
} {
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<BanRequest | null>(null);
  const ban = useMutation({
    mutationFn: addBan,
    onSuccess: (added) => {
      toast({
        title: REVIEW_MESSAGES.banAdded,
        description: `${added.value}: ${added.rejectedPosts} post${added.rejectedPosts === 1 ? '' : 's'} rejected`,
      });
      onAdded?.();
      return refreshReview(queryClient);
    },
    onError: (error) => toastFailure('Failed to add ban', error),
  });
  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      onOpenChange={(open) => {
        if (!open) setAsked(null);
      }}
      confirmation={
        asked
          ? {
              title: `Ban ${asked.value}?`,
              description: `${BAN_KIND_LABELS[asked.kind]} ${asked.value}: its pending and live posts will be rejected, and later posts from it refused. You can remove the ban later.`,
              confirmLabel: 'Ban',
              onConfirm: () => ban.mutate(asked),
            }
          : null
      }
    />
  );
  return { ask: setAsked, dialog, pending: ban.isPending };
}
