/**
 * The public schema of supabase/migrations, in the shape `npx supabase gen types typescript`
 * produces, so every query against it is checked at compile time. Regenerate it with that
 * command after a migration changes a table (and keep the hand-written comments out).
 */
export type Database = {
  __InternalSupabase: { PostgrestVersion: '12' }
  public: {
    Tables: {
      contact_messages: {
        Row: {
          id: string
          name: string
          email: string
          message: string
          status: string
          created_at: string
          read_at: string | null
          ip_address: string | null
        }
        Insert: {
          id?: string
          name: string
          email: string
          message: string
          status?: string
          created_at?: string
          read_at?: string | null
          ip_address?: string | null
        }
        Update: {
          id?: string
          name?: string
          email?: string
          message?: string
          status?: string
          created_at?: string
          read_at?: string | null
          ip_address?: string | null
        }
        Relationships: []
      }
      contact_message_counts: {
        Row: { status: string; n: number }
        Insert: { status: string; n?: number }
        Update: { status?: string; n?: number }
        Relationships: []
      }
      admin_emails: {
        Row: { email: string; created_at: string }
        Insert: { email: string; created_at?: string }
        Update: { email?: string; created_at?: string }
        Relationships: []
      }
      hero_settings: {
        Row: {
          key: string
          image_url: string | null
          title: string | null
          badge: string | null
          updated_at: string
        }
        Insert: {
          key: string
          image_url?: string | null
          title?: string | null
          badge?: string | null
          updated_at?: string
        }
        Update: {
          key?: string
          image_url?: string | null
          title?: string | null
          badge?: string | null
          updated_at?: string
        }
        Relationships: []
      }
      rate_limit_hits: {
        Row: { id: number; key: string; hit_at: string; expires_at: string }
        Insert: { id?: never; key: string; hit_at: string; expires_at: string }
        Update: { id?: never; key?: string; hit_at?: string; expires_at?: string }
        Relationships: []
      }
    }
    Views: { [_ in never]: never }
    Functions: {
      rate_limit_hit: { Args: { key: string; max: number; window_seconds: number }; Returns: number }
      rate_limit_check: { Args: { key: string; max: number; window_seconds: number }; Returns: number }
    }
    Enums: { [_ in never]: never }
    CompositeTypes: { [_ in never]: never }
  }
}

export type Tables<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Row']
