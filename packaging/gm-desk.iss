; The Windows installer for GM Desk (Inno Setup 6), made from the one-folder build.
;
;   iscc /DAppVersion=0.1.0 packaging\gm-desk.iss     -> dist\gm-desk-0.1.0-windows-x64-setup.exe
;
; The release workflow (.github/workflows/release.yml) runs it after the build and the
; signing of dist\gm-desk. Per-user by default (no administrator needed; the dialog
; offers all users). It registers .gmdesk campaign files so that a double-click opens
; them in GM Desk (the executable takes the file as its argument), and a Start menu
; entry. Uninstalling removes the program and the registrations, never the campaigns,
; backups or settings, which live in the user's own folders.
; tests/packaging/test_associations.py checks this file against the other systems'.

#ifndef AppVersion
  #error Give the version: iscc /DAppVersion=X.Y.Z packaging\gm-desk.iss
#endif
#ifndef SourceDir
  #define SourceDir "..\dist\gm-desk"
#endif
#ifndef OutputDir
  #define OutputDir "..\dist"
#endif
#define AppName "GM Desk"
#define AppExe "gm-desk.exe"
#define ProgId "GMDesk.Campaign"

[Setup]
; The AppId names the installation for upgrades and uninstalling: never change it.
AppId={{9F50D164-FCE9-48C3-90F7-AE162045B9EE}
AppName={#AppName}
AppVersion={#AppVersion}
AppVerName={#AppName} {#AppVersion}
AppPublisher=The GM Desk team
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir={#OutputDir}
OutputBaseFilename=gm-desk-{#AppVersion}-windows-x64-setup
SetupIconFile=..\icons\gm-desk.ico
UninstallDisplayIcon={app}\{#AppExe}
UninstallDisplayName={#AppName}
LicenseFile=..\LICENSE
WizardStyle=modern
Compression=lzma2/max
SolidCompression=yes
ChangesAssociations=yes
CloseApplications=yes

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked

[Files]
Source: "{#SourceDir}\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\{#AppExe}"
Name: "{autodesktop}\{#AppName}"; Filename: "{app}\{#AppExe}"; Tasks: desktopicon

[Registry]
; .gmdesk files: GM Desk's own type, opened by GM Desk on a double-click.
Root: HKA; Subkey: "Software\Classes\.gmdesk"; ValueType: string; ValueName: ""; ValueData: "{#ProgId}"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.gmdesk"; ValueType: string; ValueName: "Content Type"; ValueData: "application/x-gmdesk-campaign"; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\.gmdesk\OpenWithProgids"; ValueType: string; ValueName: "{#ProgId}"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\{#ProgId}"; ValueType: string; ValueName: ""; ValueData: "GM Desk Campaign"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\{#ProgId}\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\{#AppExe},0"
Root: HKA; Subkey: "Software\Classes\{#ProgId}\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\{#AppExe}"" ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\{#AppExe}\SupportedTypes"; ValueType: string; ValueName: ".gmdesk"; ValueData: ""; Flags: uninsdeletekey

[Run]
Filename: "{app}\{#AppExe}"; Description: "{cm:LaunchProgram,{#AppName}}"; Flags: nowait postinstall skipifsilent
