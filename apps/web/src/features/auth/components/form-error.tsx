import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

export function FormError(props: { children: ReactNode }) {
  if (!props.children) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {props.children}
    </Alert>
  );
}
