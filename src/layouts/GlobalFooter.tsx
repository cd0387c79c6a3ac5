import { FOOTER_YEAR, PLATFORM_NAME } from '../config';

/** The copyright line under every signed-in page. */
export function GlobalFooter(): React.JSX.Element {
  return (
    <footer className="shell-footer">
      Copyright © {FOOTER_YEAR} {PLATFORM_NAME}
    </footer>
  );
}
