/** The platform's logo mark (inline SVG: no request, crisp at any size). */
export function BrandMark({ size = 40 }: { size?: number }): React.JSX.Element {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="currentColor" opacity="0.18" />
      <path d="M18 44V20h8l6 14 6-14h8v24h-6V31l-5 13h-6l-5-13v13z" fill="currentColor" />
    </svg>
  );
}
