/** `<ConfirmDialog>`: asks before something that cannot be undone (cancel an order, delete a card). */
import type { ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog } from '#client/components/ui/dialog.tsx'

export interface ConfirmDialogProps {
  open: boolean
  title: string
  description?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** The confirm action is running: its button shows a spinner and both buttons wait. */
  pending?: boolean
  /** Text of a failed confirm action (the dialog stays open to retry). */
  error?: string | undefined
  onConfirm: () => void
  onClose: () => void
}

/** A small confirmation dialog with a destructive confirm button. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Отмена',
  pending,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={() => !pending && onClose()}
      title={title}
      description={description}
      size="sm"
      closeOnBackdrop={!pending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error && (
        <p className="ecom-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  )
}
