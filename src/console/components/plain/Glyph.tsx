// A Blueprint icon drawn from its path alone: the icon component and its loader stay off the login page.
export function Glyph({ paths, size = 16 }: { paths: readonly string[]; size?: number }) {
  return (
    <svg className="plain-glyph" width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {paths.map((d) => (
        <path key={d} d={d} fillRule="evenodd" />
      ))}
    </svg>
  );
}
