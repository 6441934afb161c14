"""Os dados de um documento oficial, já decididos: o renderizador só os dispõe na página.

Nada aqui consulta banco, calcula prazo ou escolhe penalidade: quem monta `DadosDocumento`
(os serviços) traz os prazos já calculados, os textos legais literais do catálogo de normas
e os valores exatos em `Decimal`. Datas de atos (`data_hora`) vêm com fuso (UTC) e saem no
horário de Brasília; datas de prazo são `date`.

Cada tipo de documento exige os blocos que o seu modelo imprime (`REQUISITOS`); faltando um,
o erro diz qual campo e qual documento, em português.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from enum import StrEnum

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, field_validator, model_validator

from farol.erros import EntradaInvalida
from farol.pdf.extenso import validar_valor


class TipoDocumento(StrEnum):
    notificacao_comparecimento = "notificacao_comparecimento"
    auto_de_infracao = "auto_de_infracao"
    auto_de_apreensao = "auto_de_apreensao"
    tipo_de_lacre = "tipo_de_lacre"
    termo_fiel_depositario = "termo_fiel_depositario"
    notificacao_retirada = "notificacao_retirada"
    edital_convocacao = "edital_convocacao"
    termo_entrega_embarcacao = "termo_entrega_embarcacao"
    decisao_julgamento = "decisao_julgamento"
    decisao_recurso = "decisao_recurso"
    notificacao_pagamento = "notificacao_pagamento"
    aviso_publicacao = "aviso_publicacao"
    auto_de_infracao_poluicao = "auto_de_infracao_poluicao"
    notificacao_laudo = "notificacao_laudo"
    edital_leilao = "edital_leilao"
    portaria_leiloeiro = "portaria_leiloeiro"


def _valor(v: Decimal) -> Decimal:
    try:
        return validar_valor(v)
    except EntradaInvalida as erro:
        raise ValueError(erro.mensagem) from None


class _Modelo(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


class OrganizacaoMilitar(_Modelo):
    """A OM que expede o documento (CP, DL ou AG)."""

    sigla: str = Field(min_length=1)  # "CPRJ"
    nome: str = Field(min_length=1)  # "Capitania dos Portos do Rio de Janeiro"
    municipio: str = Field(min_length=1)
    uf: str = Field(pattern=r"^[A-Z]{2}$")
    endereco: str = Field(min_length=1)
    subordinacao: str | None = None  # "Comando do 1º Distrito Naval"
    telefone: str | None = None
    email: str | None = None


class Parte(_Modelo):
    """Pessoa a quem o ato se dirige ou que nele figura (autuado, proprietário, depositário)."""

    papel: str = Field(min_length=1)  # "Autuado", "Proprietário", "Fiel depositário"
    nome: str = Field(min_length=1)
    documento: str | None = None  # CPF/CNPJ, com ou sem máscara
    endereco: str | None = None
    qualificacao: str | None = None  # "condutor da embarcação", "armador"
    habilitacao: str | None = None  # "CHA nº 123 — Arrais-Amador"
    cabe_habilitacao: bool = False
    """O documento tem o campo da habilitação (CHA/CIR) para esta parte, mesmo sem o número
    registrado (sai "—"): a pessoa física a quem o ato se dirige. A CHA/CIR é do condutor
    (Norma de 2023, item 3.7.1), e a suspensão do certificado só alcança pessoa física (RLESTA
    art. 8º); à empresa (CNPJ), ao procurador, ao depositário e ao leiloeiro o campo não cabe e
    não se imprime. Com `habilitacao` informada, o campo sai sempre."""
    telefone: str | None = None
    email: str | None = None


class Embarcacao(_Modelo):
    """A embarcação como registrada. Tipo, comprimento, propulsão, atividade e porto não
    registrados ficam `None` e saem como linha em branco para preencher à mão: nada se
    inventa (docs/documentos.md)."""

    nome: str = Field(min_length=1)
    inscricao: str = Field(min_length=1)
    tipo: str | None = None  # "lancha", "moto aquática"
    comprimento: Decimal | None = Field(default=None, gt=0)  # metros
    propulsao: str | None = None  # "motor", "vela", "motor de popa 2 × 150 HP"
    atividade: str | None = None  # "esporte e recreio", "comercial"
    caracteristicas: str | None = None  # outras: cor, casco
    porto_inscricao: str | None = None


class Fato(_Modelo):
    """Quando, onde e o que foi constatado. Sem hora ou sem local registrados (fato apurado
    depois, em apuração ou inquérito), o documento imprime só a data e deixa o local em branco:
    nada se inventa."""

    data_hora: AwareDatetime | None = None
    data: dt.date | None = None
    local: str | None = None
    descricao: str = Field(min_length=1)

    @model_validator(mode="after")
    def _quando(self) -> Fato:
        if self.data_hora is None and self.data is None:
            raise ValueError("o fato exige a data (ou a data e a hora)")
        return self


class Infracao(_Modelo):
    """Uma infração imputada: id legal, dispositivo, texto literal e penalidade cominada."""

    codigo: str = Field(min_length=1)  # "RLESTA.12.II"
    norma: str = Field(min_length=1)  # "RLESTA (Decreto nº 2.596/1998)"
    dispositivo: str = Field(min_length=1)  # "art. 12, inciso II"
    texto: str = Field(min_length=1)  # texto legal literal
    penalidade: str = Field(min_length=1)  # "multa do grupo B ou suspensão ... até 60 dias"
    rubrica: str | None = None
    constatacao: str | None = None  # o que foi visto, quando difere do fato geral


class Medida(_Modelo):
    """Medida administrativa aplicada (apreensão, retirada de tráfego ...)."""

    descricao: str = Field(min_length=1)
    fundamento: str = Field(min_length=1)


class Prazo(_Modelo):
    """Prazo já calculado pelo motor de prazos, com o seu fundamento.

    Sem `vencimento`: o prazo corre de uma ciência ainda não registrada (ex.: o recebimento da
    própria Notificação para Retirada); a `contagem` diz de quando se conta e nenhuma data é
    impressa.
    """

    etapa: str = Field(min_length=1)  # "Apresentação de defesa"
    vencimento: dt.date | None
    fundamento: str = Field(min_length=1)  # "LESTA art. 23, § 1º; NORMAM 3.6.3 a"
    contagem: str | None = None  # "15 dias úteis, a partir do dia seguinte à ciência"
    inicio: dt.date | None = None

    @model_validator(mode="after")
    def _sem_data_diz_de_quando(self) -> Prazo:
        if self.vencimento is None and (not self.contagem or self.inicio is not None):
            raise ValueError(
                f"prazo {self.etapa!r} sem vencimento: informe a contagem (de quando corre) "
                "e nenhum início"
            )
        return self


class Valor(_Modelo):
    """Quantia em reais, impressa em algarismos e por extenso."""

    descricao: str = Field(min_length=1)
    valor: Decimal
    fundamento: str | None = None

    @field_validator("valor")
    @classmethod
    def _valor_exato(cls, v: Decimal) -> Decimal:
        return _valor(v)


class Penalidade(_Modelo):
    """Penalidade aplicada na decisão, com a sua base legal."""

    descricao: str = Field(min_length=1)  # "Multa", "Suspensão do CHA por 30 dias"
    fundamento: str = Field(min_length=1)
    codigo_infracao: str | None = None
    valor: Decimal | None = None
    faixa: str | None = None
    """O grupo e os limites da multa na data do fato ("Grupo C: de R$ 40,00 a R$ 800,00"),
    para o interessado conferir o valor (RLESTA art. 7º §§ 1º e 2º)."""
    agravantes: tuple[str, ...] = ()
    """As circunstâncias agravantes consideradas, cada uma com o texto e o dispositivo:
    "emprego de embarcação na prática de ato ilícito (LESTA art. 30, II)"."""

    @field_validator("valor")
    @classmethod
    def _valor_exato(cls, v: Decimal | None) -> Decimal | None:
        return None if v is None else _valor(v)


class Decisao(_Modelo):
    """Julgamento do auto ou de recurso: relatório, fundamentação e dispositivo."""

    instancia: str = Field(min_length=1)  # "1ª instância", "Recurso em última instância"
    autoridade: str = Field(min_length=1)  # "Capitão dos Portos do Rio de Janeiro"
    resultado: str = Field(min_length=1)  # "PROCEDENTE", "RECURSO NÃO PROVIDO"
    relatorio: str = Field(min_length=1)
    fundamentacao: str = Field(min_length=1)
    dispositivo: str = Field(min_length=1)


class Apreensao(_Modelo):
    """A apreensão da embarcação e a sua guarda."""

    data_hora: AwareDatetime
    local_recolhimento: str = Field(min_length=1)
    motivo: str = Field(min_length=1)
    fundamento: str = Field(min_length=1)
    numero_auto: str | None = None  # nº do Auto de Apreensão, nos atos seguintes
    irregularidades_sanadas: bool | None = None
    estado_na_chegada: str | None = None  # como registrado no recolhimento à guarda


class Lacre(_Modelo):
    numero: str = Field(min_length=1)
    tipo: str = Field(min_length=1)  # "lacre plástico numerado"
    local_aplicacao: str = Field(min_length=1)  # "chave de ignição e painel"
    aplicado_em: dt.date | None = None  # a data do ato que registrou o lacre


class Foto(_Modelo):
    """Uma foto tirada na inspeção ou na chegada do bem à guarda, identificada pelo SHA-256 do
    arquivo guardado no processo (o Auto de Apreensão as relaciona; a imagem fica no Farol)."""

    numero: int = Field(ge=1)
    nome_arquivo: str = Field(min_length=1)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    tirada_em: AwareDatetime
    descricao: str | None = None


class Leilao(_Modelo):
    """O leilão do bem perdido (NORMAM-07 item 0313, Anexos 3-G e 3-H), como os atos o
    registraram: o perdimento, o Edital de Leilão e, na Portaria, a designação do leiloeiro."""

    bem: str = Field(min_length=1)  # "Embarcação Maré Alta (inscrição 401M2026504)"
    local_guarda: str | None = None
    perdimento_em: dt.date | None = None
    perdimento_fundamentacao: str | None = None
    edital_numero: str | None = None
    publicado_em: dt.date  # data do Edital de Leilão
    jornal: str = Field(min_length=1)  # jornal de maior circulação da cidade
    data_leilao: dt.date
    local: str = Field(min_length=1)
    valor_avaliacao: Decimal
    portaria: str | None = None  # nº da Portaria de designação do leiloeiro
    designado_em: dt.date | None = None
    matricula_leiloeiro: str | None = None  # matrícula na Junta Comercial

    @field_validator("valor_avaliacao")
    @classmethod
    def _valor_exato(cls, v: Decimal) -> Decimal:
        return _valor(v)


class Referencia(_Modelo):
    """Outro ato do processo a que este se refere."""

    documento: str = Field(min_length=1)  # "Auto de Infração"
    numero: str = Field(min_length=1)
    data: dt.date | None = None


class Acordao(_Modelo):
    """O Acórdão do Tribunal Marítimo a que o Auto de Infração se vincula (Norma de 2023, item
    3.2: publicado o Acórdão, "serão cumpridos os procedimentos habituais da lavratura")."""

    numero: str = Field(min_length=1)
    publicado_em: dt.date
    infracoes_apontadas: tuple[str, ...] = ()
    infracoes_fora: tuple[str, ...] = ()  # do auto, que o Acórdão não apontou
    justificativa: str | None = None  # por que o auto vai além do Acórdão
    fundamento: str = Field(min_length=1)


class AutoriaMudada(_Modelo):
    """O auto que imputa infração em papel diferente do da Notificação para Comparecimento, com
    o motivo (Norma de 2023, item 3.6.1; Lei 9.784 art. 50, II)."""

    mudancas: tuple[str, ...] = Field(min_length=1)  # "RLESTA.15.I como Comandante (...)"
    motivo: str = Field(min_length=1)
    fundamento: str = Field(min_length=1)


class Fundamento(_Modelo):
    """Um dispositivo citado com o seu texto literal (vem dos dados citados de `normas/`)."""

    referencia: str = Field(min_length=1)  # "Lei 9.784/1999 art. 26, § 4º"
    texto: str = Field(min_length=1)


class Consequencia(_Modelo):
    """O que acontece com a multa não paga no prazo (`services.nao_pagamento`), sem ponto final,
    e a referência que o fundamenta ("NORMAM-07 item 0314")."""

    texto: str = Field(min_length=1)
    fundamento: str = Field(min_length=1)
    sustacao: bool = False  # a sustação dos atos de interesse do devedor (LESTA art. 20)


class AtoComunicado(_Modelo):
    """O ato do processo de que se dá ciência (a lavratura do auto, a decisão ...)."""

    nome: str = Field(min_length=1)  # "Lavratura do Auto de Infração"
    data: dt.date
    documento: str | None = None  # o documento que o materializa: "Auto de Infração"
    numero: str | None = None  # o número desse documento, quando o processo o tem


class Publicacao(_Modelo):
    """A ciência dada por publicação oficial ao interessado indeterminado, desconhecido ou de
    endereço indefinido (Norma de 2023, item 3.6.6; Lei 9.784/1999, art. 26, § 4º): o ato
    comunicado, onde e quando se publicou, a hipótese, a justificativa e os fundamentos."""

    ato: AtoComunicado
    ciencia: str = Field(min_length=1)  # o ato de ciência registrado no processo
    veiculo: str = Field(min_length=1)  # "Diário Oficial da União"
    publicado_em: dt.date
    referencia: str | None = None  # "DOU nº 53, seção 3, p. 41"
    hipotese: str = Field(min_length=1)  # "interessado de endereço indefinido"
    justificativa: str | None = None
    contagem: str | None = None  # de onde correm os prazos, com o fundamento
    fundamentos: tuple[Fundamento, ...] = Field(min_length=1)


class Incidente(_Modelo):
    """O incidente de poluição do Auto de Infração por poluição (NORMAM-401 item 1.4.1, anexo
    A; NORMAM-07 item 0404 a, Anexo 3-B): o que se descarregou e o volume estimado na lavratura
    (o volume apurado vem depois, no LTA)."""

    substancia: str = Field(min_length=1)  # "óleo combustível marítimo (MF-380)"
    volume_estimado_litros: Decimal | None = Field(default=None, ge=0)
    norma: str | None = None
    """A norma do rito em vigor na lavratura (chave de normas.yaml: "NORMAM-401" ou
    "NORMAM-07"): escolhe o modelo do formulário."""


class Pontuacao(_Modelo):
    """A pontuação de um quesito da ação de resposta no LTA (NORMAM-401 item 1.5.3 a)."""

    quesito: str = Field(min_length=1)  # "tempo de resposta inicial"
    pontos: int = Field(ge=0)


class Laudo(_Modelo):
    """O Laudo Técnico Ambiental registrado no processo (NORMAM-401 itens 1.4.2 c e 1.5.1), com
    a ciência do infrator, como os atos os gravaram."""

    numero: str = Field(min_length=1)
    elaborado_em: dt.date
    recebido_em: dt.date | None = None  # registro do LTA recebido da DPC
    signatario: str = Field(min_length=1)
    volume_litros: Decimal = Field(ge=0)
    persistencia_grupo: int
    sensibilidade: str = Field(min_length=1)
    carta_sao: str | None = None
    acao_resposta: tuple[Pontuacao, ...] = Field(min_length=1)
    acao_resposta_soma: int = Field(ge=0)
    nivel_impacto: int = Field(ge=1, le=5)
    nivel_impacto_nome: str = Field(min_length=1)  # "impacto ambiental grave"
    conclusao: str | None = None
    ciencia: dt.date | None = None  # o dia em que o infrator tomou ciência do conteúdo
    meio_ciencia: str | None = None
    fundamentos: tuple[str, ...] = ()


class ProcessoAnterior(_Modelo):
    """Processo de poluição anterior do mesmo infrator que o faz reincidente."""

    numero: str = Field(min_length=1)
    data_fato: dt.date


class SituacaoEconomica(_Modelo):
    """A situação econômica do infrator considerada na multa (NORMAM-401 item 1.5.3 c)."""

    base: str = Field(min_length=1)  # "receita bruta anual (pessoa jurídica)"
    valor_anual: Decimal
    fonte: str = Field(min_length=1)  # de onde vem o valor
    classe: str = Field(min_length=1)  # "empresa de médio porte"
    fundamento: str = Field(min_length=1)

    @field_validator("valor_anual")
    @classmethod
    def _valor_exato(cls, v: Decimal) -> Decimal:
        return _valor(v)


class Valoracao(_Modelo):
    """Os parâmetros com que uma decisão fixou a multa por poluição (NORMAM-401 itens 1.5.2 e
    1.5.3), como o ato os gravou: multa-base, reincidência (fator e processos anteriores),
    situação econômica, faixa do grupo e o nível de impacto do LTA."""

    decisao: str = Field(min_length=1)  # "Julgamento de 20/05/2026 (decisão nº ...)"
    mantida: bool = False  # a decisão documentada manteve a multa fixada antes
    multa_base: Decimal
    fator_reincidencia: int = Field(ge=1)
    multa: Decimal
    grupo: str | None = None
    faixa_minimo: Decimal
    faixa_maximo: Decimal
    reincidencia_desde: dt.date | None = None
    anteriores: tuple[ProcessoAnterior, ...] = ()
    reincidencia_fundamento: str = Field(min_length=1)
    situacao_economica: SituacaoEconomica | None = None
    laudo_numero: str | None = None
    nivel_impacto: int | None = Field(default=None, ge=1, le=5)
    nivel_impacto_nome: str | None = None
    fundamentos: tuple[str, ...] = ()

    @field_validator("multa_base", "multa", "faixa_minimo", "faixa_maximo")
    @classmethod
    def _valor_exato(cls, v: Decimal) -> Decimal:
        return _valor(v)


class Assinatura(_Modelo):
    """Bloco de assinatura; `recusou` e `a_rogo_por` registram o item 3.6.2 da NORMAM."""

    papel: str = Field(min_length=1)  # "Agente da Autoridade Marítima", "Autuado"
    nome: str | None = None
    cargo: str | None = None  # posto/graduação e função
    documento: str | None = None
    data: dt.date | None = None
    recusou: bool = False
    a_rogo_por: str | None = None


class Verificacao(_Modelo):
    """Código de verificação e o endereço onde se confere a autenticidade (vai no QR)."""

    codigo: str = Field(min_length=4)
    url: str = Field(pattern=r"^https?://\S+$")
    cadeia_seq: int | None = Field(default=None, ge=0)
    """A cabeça da cadeia de atos do processo sobre a qual o documento foi emitido: o último ato
    (seq) e o começo do seu hash, impressos no rodapé (o documento entregue é também uma
    âncora; o hash inteiro está na página de verificação)."""
    cadeia_hash: str | None = Field(default=None, pattern=r"^[0-9a-f]{8,64}$")


class DadosDocumento(_Modelo):
    tipo: TipoDocumento
    numero_processo: str = Field(min_length=1)
    numero_documento: str = Field(min_length=1)
    om: OrganizacaoMilitar
    data_emissao: dt.date
    verificacao: Verificacao
    local_emissao: str | None = None  # padrão: município da OM
    fundamento_modelo: str | None = None  # subtítulo; padrão: o modelo normativo do tipo
    interessados: tuple[Parte, ...] = ()
    embarcacao: Embarcacao | None = None
    fato: Fato | None = None
    infracoes: tuple[Infracao, ...] = ()
    medidas: tuple[Medida, ...] = ()
    prazos: tuple[Prazo, ...] = ()
    valores: tuple[Valor, ...] = ()
    penalidades: tuple[Penalidade, ...] = ()
    decisao: Decisao | None = None
    apreensao: Apreensao | None = None
    lacres: tuple[Lacre, ...] = ()
    bens: tuple[str, ...] = ()  # itens e equipamentos apreendidos, guardados ou entregues
    referencias: tuple[Referencia, ...] = ()
    acordao: Acordao | None = None  # Auto de Infração lavrado após o Acórdão do Tribunal Marítimo
    autoria_mudada: AutoriaMudada | None = None  # auto noutro papel que o da notificação
    publicacao: Publicacao | None = None  # aviso de ciência por publicação oficial
    incidente: Incidente | None = None  # Auto de Infração por poluição
    laudo: Laudo | None = None  # notificação do LTA
    valoracao: Valoracao | None = None  # decisão que fixa ou mantém a multa por poluição
    fotos: tuple[Foto, ...] = ()  # fotos da inspeção (Auto de Apreensão)
    leilao: Leilao | None = None  # Edital de Leilão e Portaria do leiloeiro
    declaracao: str | None = None
    """A declaração de quem recebe o bem sobre o estado em que o recebe (Termo de Entrega), como
    registrada no ato."""
    fundamentos: tuple[Fundamento, ...] = ()
    """Dispositivos citados com o texto literal (vêm dos dados citados de `normas/`)."""
    observacoes: str | None = None
    recurso_dirigido_a: str | None = None
    """Nas decisões: a autoridade a quem se dirige o recurso que a decisão abre, com o fundamento
    ("Capitão dos Portos (NORMAM (Port. 110/2023) item 3.6.4 a)"); None se não cabe recurso."""
    efeito_do_recurso: str | None = None
    """Se o prazo de pagamento corre com recurso pendente (a regra) ou está suspenso, com o
    fundamento: todo documento que mostra o prazo de pagamento o diz."""
    se_nao_pagar: tuple[Consequencia, ...] = ()
    """Na Notificação para pagamento: o que acontece se a multa não for paga no prazo, o mesmo
    texto da consulta do regulado."""
    assinaturas: tuple[Assinatura, ...] = ()

    @property
    def data_do_fecho(self) -> dt.date:
        """A data do "local, data" do fecho: a do ato que o documento materializa (a decisão
        de 21/09 diz "em 21 de setembro", não a data em que foi impressa), que as assinaturas
        datadas levam; sem assinatura datada, a da emissão. A data de emissão fica no
        cabeçalho."""
        return next((a.data for a in self.assinaturas if a.data is not None), self.data_emissao)

    @model_validator(mode="after")
    def _exige_blocos_do_tipo(self) -> DadosDocumento:
        faltando = [campo for campo in REQUISITOS[self.tipo] if not getattr(self, campo)]
        if faltando:
            raise ValueError(f"{TITULOS[self.tipo]} exige o(s) campo(s) {', '.join(faltando)}")
        return self


TITULOS: dict[TipoDocumento, str] = {
    TipoDocumento.notificacao_comparecimento: "Notificação para Comparecimento",
    TipoDocumento.auto_de_infracao: "Auto de Infração",
    TipoDocumento.auto_de_apreensao: "Auto de Apreensão",
    TipoDocumento.tipo_de_lacre: "Tipo de Lacre",
    TipoDocumento.termo_fiel_depositario: "Termo de Fiel Depositário",
    TipoDocumento.notificacao_retirada: "Notificação para Retirada de Embarcação",
    TipoDocumento.edital_convocacao: "Edital de Convocação",
    TipoDocumento.termo_entrega_embarcacao: "Termo de Entrega de Embarcação",
    TipoDocumento.decisao_julgamento: "Decisão de Julgamento de Auto de Infração",
    TipoDocumento.decisao_recurso: "Decisão de Recurso",
    TipoDocumento.notificacao_pagamento: "Notificação para Pagamento de Multa",
    TipoDocumento.aviso_publicacao: "Aviso de ciência por publicação oficial",
    TipoDocumento.auto_de_infracao_poluicao: "Auto de Infração por Poluição",
    TipoDocumento.notificacao_laudo: "Notificação do Laudo Técnico Ambiental",
    TipoDocumento.edital_leilao: "Edital de Leilão",
    TipoDocumento.portaria_leiloeiro: "Portaria de Designação de Leiloeiro",
}

_T = TipoDocumento
REQUISITOS: dict[TipoDocumento, tuple[str, ...]] = {
    _T.notificacao_comparecimento: ("interessados", "fato", "infracoes", "prazos"),
    _T.auto_de_infracao: ("interessados", "fato", "infracoes", "prazos"),
    _T.auto_de_apreensao: ("embarcacao", "apreensao"),
    _T.tipo_de_lacre: ("embarcacao", "lacres"),
    _T.termo_fiel_depositario: ("interessados", "embarcacao", "apreensao"),
    _T.notificacao_retirada: ("interessados", "embarcacao", "apreensao", "prazos"),
    _T.edital_convocacao: ("embarcacao", "apreensao", "prazos"),
    _T.termo_entrega_embarcacao: ("interessados", "embarcacao"),
    _T.decisao_julgamento: ("interessados", "decisao", "infracoes"),
    _T.decisao_recurso: ("interessados", "decisao"),
    _T.notificacao_pagamento: ("interessados", "valores", "prazos"),
    _T.aviso_publicacao: ("interessados", "publicacao"),
    _T.auto_de_infracao_poluicao: ("interessados", "fato", "incidente", "infracoes", "prazos"),
    _T.notificacao_laudo: ("interessados", "laudo", "prazos"),
    _T.edital_leilao: ("leilao", "fundamentos"),
    _T.portaria_leiloeiro: ("interessados", "leilao", "fundamentos"),
}
