// A crash in one screen shows a way out instead of a blank window. Reset by changing `resetKey`
// (the route) or by the buttons.
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ErrorBoundaryProps {
  children: ReactNode;
  resetKey: string;
  /** "Back to search"; omitted for the outermost boundary (only Reload is offered there). */
  onBack?: () => void;
}

interface State {
  failed: boolean;
  resetKey: string;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    // Stays in the renderer console for developers; the analyst sees the fallback below.
    console.error('Screen crashed', error, info.componentStack);
  }

  private back = () => {
    this.setState({ failed: false });
    this.props.onBack?.();
  };

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="crash" role="alert" aria-labelledby="crash-title">
        <h1 id="crash-title">This screen ran into a problem</h1>
        <p>Firmscope could not show this screen. Your profiles and saved searches are not affected.</p>
        <div className="action-bar">
          {this.props.onBack ? (
            <button type="button" className="button button--primary" onClick={this.back} autoFocus>
              Back to search
            </button>
          ) : null}
          <button type="button" className="button" onClick={() => window.location.reload()}>
            Reload Firmscope
          </button>
        </div>
      </section>
    );
  }
}
