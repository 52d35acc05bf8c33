"use client";

/** The comment and reply box of the community preview. */

import { useState } from "react";
import { canSubmitText } from "@/lib/client/community";

interface Props {
  label: string;
  submitLabel: string;
  placeholder?: string;
  onSubmit: (text: string) => void;
  small?: boolean;
}

/** A one-line comment or reply box: submit is disabled while the trimmed text is empty (docs/product.md §5). */
export function CommentForm({ label, submitLabel, placeholder, onSubmit, small }: Props) {
  const [text, setText] = useState("");
  const size = small ? "text-xs" : "text-sm";
  return (
    <form
      className="mt-2 flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!canSubmitText(text)) return;
        onSubmit(text.trim());
        setText("");
      }}
    >
      <input
        aria-label={label}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        className={`flex-1 rounded-lg border border-slate-400 px-2 py-1 ${size}`}
      />
      <button
        type="submit"
        disabled={!canSubmitText(text)}
        className={`rounded-lg bg-blue-800 px-3 py-1 font-medium text-white disabled:opacity-50 ${size}`}
      >
        {submitLabel}
      </button>
    </form>
  );
}
