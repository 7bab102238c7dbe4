import type { User, VerifyResponse } from '@b2g/contracts';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { apiRequest } from './api.js';
import { AUTH_TOKEN_KEY, CURRENT_USER_KEY, safeStorage } from './storage.js';

export interface AuthState {
  user: User | null;
  /** True until the stored session has been checked at start. */
  isLoading: boolean;
  isAuthenticated: boolean;
  /** Stores the token and the user and signs the user in. */
  login: (token: string, user: User) => void;
  /** Forgets the session here, then tells the server (whose failure is ignored). */
  logout: () => Promise<void>;
  /** Replaces the signed-in user (after a profile change), here and in storage; same session. */
  updateUser: (user: User) => void;
}

const AuthContext = createContext<AuthState | null>(null);

function clearStoredSession(): void {
  safeStorage.remove(AUTH_TOKEN_KEY);
  safeStorage.remove(CURRENT_USER_KEY);
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Called when the signed-in user changes (sign-in, sign-out): drop per-user cached data here. */
  onSessionChange?: () => void;
}

/** The auth state machine of spec §4. */
export function AuthProvider({ children, onSessionChange }: AuthProviderProps) {
  const [user, setUser] = useState<User | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  /** Bumped by login/logout so a late verify answer never overrides a newer decision. */
  const generation = useRef(0);
  const onSessionChangeRef = useRef(onSessionChange);
  onSessionChangeRef.current = onSessionChange;

  useEffect(() => {
    const token = safeStorage.get(AUTH_TOKEN_KEY);
    const storedUser = safeStorage.get(CURRENT_USER_KEY);
    if (!token || !storedUser) {
      setIsLoading(false);
      return;
    }
    let parsed: User;
    try {
      parsed = JSON.parse(storedUser) as User;
    } catch {
      clearStoredSession();
      setUser(null);
      setIsLoading(false);
      return;
    }
    setUser(parsed);
    const started = generation.current;
    let active = true;
    const signOutLocally = () => {
      clearStoredSession();
      setUser(null);
    };
    apiRequest<VerifyResponse>('GET', '/api/auth/verify')
      .then((answer) => {
        if (!active || generation.current !== started) return;
        if (answer?.success === true) setUser(answer.user);
        else signOutLocally();
      })
      .catch(() => {
        if (active && generation.current === started) signOutLocally();
      })
      .finally(() => {
        if (active) setIsLoading(false);
      });
    return () => {
      active = false;
    };
  }, []);

  const login = useCallback((token: string, nextUser: User) => {
    generation.current += 1;
    safeStorage.set(AUTH_TOKEN_KEY, token);
    safeStorage.set(CURRENT_USER_KEY, JSON.stringify(nextUser));
    setUser(nextUser);
    onSessionChangeRef.current?.();
  }, []);

  const updateUser = useCallback((nextUser: User) => {
    generation.current += 1;
    safeStorage.set(CURRENT_USER_KEY, JSON.stringify(nextUser));
    setUser(nextUser);
  }, []);

  const logout = useCallback(async () => {
    generation.current += 1;
    clearStoredSession();
    setUser(null);
    onSessionChangeRef.current?.();
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch {
      // Spec §8: a failed logout call is ignored.
    }
  }, []);

  const value = useMemo<AuthState>(
    () => ({ user, isLoading, isAuthenticated: user !== null, login, logout, updateUser }),
    [user, isLoading, login, logout, updateUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
