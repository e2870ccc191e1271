/** The server's refusal shown under a form. */
export function FormAlert({ message }: { message: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}

export function FormCard({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-md p-4">{children}</div>;
}
