{{/*
Chart name, truncated to the 63 characters a label value allows.
*/}}
{{- define "dipgnn.name" -}}
{{- .Chart.Name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
Release-scoped base name: the release name when it already contains the chart name, else
<release>-<chart>.
*/}}
{{- define "dipgnn.fullname" -}}
{{- if contains .Chart.Name .Release.Name }}
{{- .Release.Name | trunc 50 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 50 | trimSuffix "-" }}
{{- end }}
{{- end }}

{{- define "dipgnn.selectorLabels" -}}
app.kubernetes.io/name: {{ include "dipgnn.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "dipgnn.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" }}
{{ include "dipgnn.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end }}

{{- define "dipgnn.imageTag" -}}
{{- .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{/*
Worker image tag: worker.imageTag, else the image tag plus "-cu124" when the workers use a GPU.
*/}}
{{- define "dipgnn.workerImageTag" -}}
{{- if .Values.worker.imageTag }}
{{- .Values.worker.imageTag }}
{{- else if .Values.gpu.enabled }}
{{- printf "%s-cu124" (include "dipgnn.imageTag" .) }}
{{- else }}
{{- include "dipgnn.imageTag" . }}
{{- end }}
{{- end }}

{{- define "dipgnn.configMapName" -}}
{{- printf "%s-config" (include "dipgnn.fullname" .) }}
{{- end }}

{{- define "dipgnn.dbSecretName" -}}
{{- .Values.postgresql.existingSecret | default (printf "%s-db" (include "dipgnn.fullname" .)) }}
{{- end }}

{{- define "dipgnn.dbSecretKey" -}}
{{- if .Values.postgresql.existingSecret }}
{{- .Values.postgresql.existingSecretPasswordKey }}
{{- else -}}
DIPGNN_DB_PASSWORD
{{- end }}
{{- end }}

{{- define "dipgnn.tokensSecretName" -}}
{{- .Values.auth.existingSecret | default (printf "%s-tokens" (include "dipgnn.fullname" .)) }}
{{- end }}

{{- define "dipgnn.claimName" -}}
{{- .Values.storage.existingClaim | default (printf "%s-data" (include "dipgnn.fullname" .)) }}
{{- end }}

{{/*
One Deployment per role. Called with (dict "root" $ "role" "api"|"worker").
*/}}
{{- define "dipgnn.deployment" -}}
{{- $root := .root }}
{{- $role := .role }}
{{- $values := index $root.Values $role }}
{{- $worker := eq $role "worker" }}
{{- $gpu := and $worker $root.Values.gpu.enabled }}
{{- $tag := ternary (include "dipgnn.workerImageTag" $root) (include "dipgnn.imageTag" $root) $worker }}
{{- $nodeSelector := $values.nodeSelector }}
{{- $tolerations := $values.tolerations }}
{{- if $gpu }}
{{- $nodeSelector = merge (deepCopy $values.nodeSelector) $root.Values.gpu.nodeSelector }}
{{- $tolerations = concat $values.tolerations $root.Values.gpu.tolerations }}
{{- end }}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "dipgnn.fullname" $root }}-{{ $role }}
  labels:
    {{- include "dipgnn.labels" $root | nindent 4 }}
    app.kubernetes.io/component: {{ $role }}
spec:
  replicas: {{ $values.replicas }}
  {{- if $worker }}
  # replace one worker at a time, stopping it first: no second GPU needed during a rollout
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 0
      maxUnavailable: 1
  {{- end }}
  selector:
    matchLabels:
      {{- include "dipgnn.selectorLabels" $root | nindent 6 }}
      app.kubernetes.io/component: {{ $role }}
  template:
    metadata:
      labels:
        {{- include "dipgnn.selectorLabels" $root | nindent 8 }}
        app.kubernetes.io/component: {{ $role }}
      annotations:
        checksum/config: {{ include (print $root.Template.BasePath "/configmap.yaml") $root | sha256sum }}
        checksum/secrets: {{ print (include (print $root.Template.BasePath "/secret-db.yaml") $root) (include (print $root.Template.BasePath "/secret-tokens.yaml") $root) | sha256sum }}
        {{- if $root.Values.metrics.podAnnotations }}
        prometheus.io/scrape: "true"
        prometheus.io/path: /actuator/prometheus
        prometheus.io/port: "8080"
        {{- end }}
        {{- with $root.Values.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      # no Kubernetes API access, and no <release>_API_*/<release>_WORKER_* service-link
      # variables (Spring would read DIPGNN_* ones as dipgnn.* settings)
      automountServiceAccountToken: false
      enableServiceLinks: false
      {{- with $root.Values.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      securityContext:
        runAsNonRoot: true
        runAsUser: 10001
        runAsGroup: 10001
        fsGroup: 10001
        fsGroupChangePolicy: OnRootMismatch
        seccompProfile:
          type: RuntimeDefault
      terminationGracePeriodSeconds: {{ $worker | ternary $root.Values.worker.terminationGracePeriodSeconds 60 }}
      {{- with $nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $values.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      containers:
        - name: dipgnn
          image: "{{ $root.Values.image.repository }}:{{ $tag }}"
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: 8080
              protocol: TCP
          env:
            - name: DIPGNN_ROLES
              value: {{ $role }}
            - name: DIPGNN_DB_PASSWORD
              valueFrom:
                secretKeyRef:
                  name: {{ include "dipgnn.dbSecretName" $root }}
                  key: {{ include "dipgnn.dbSecretKey" $root }}
            {{- with $root.Values.extraEnv }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
            {{- with $values.extraEnv }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          envFrom:
            - configMapRef:
                name: {{ include "dipgnn.configMapName" $root }}
            - secretRef:
                name: {{ include "dipgnn.tokensSecretName" $root }}
          startupProbe:
            httpGet:
              path: /actuator/health/liveness
              port: http
            periodSeconds: 5
            failureThreshold: 60
          livenessProbe:
            httpGet:
              path: /actuator/health/liveness
              port: http
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 3
          readinessProbe:
            httpGet:
              path: /actuator/health/readiness
              port: http
            periodSeconds: {{ $worker | ternary 10 5 }}
            timeoutSeconds: 3
            failureThreshold: 3
          {{- $resources := deepCopy $values.resources }}
          {{- if $gpu }}
          {{- $count := int $root.Values.gpu.count }}
          {{- $_ := set $resources "requests" (merge (dict "nvidia.com/gpu" $count) ($resources.requests | default dict)) }}
          {{- $_ = set $resources "limits" (merge (dict "nvidia.com/gpu" $count) ($resources.limits | default dict)) }}
          {{- end }}
          {{- with $resources }}
          resources:
            {{- toYaml . | nindent 12 }}
          {{- end }}
          securityContext:
            allowPrivilegeEscalation: false
            capabilities:
              drop: ["ALL"]
          volumeMounts:
            - name: data
              mountPath: {{ $root.Values.storage.dataDir }}
      volumes:
        - name: data
          persistentVolumeClaim:
            claimName: {{ include "dipgnn.claimName" $root }}
{{- end }}
